// Issue 9, end to end on a pseudo-terminal with a byte-level fault proxy: an autoplayed
// match refereed in real time through the native serialport on a pty, while the proxy
// drops bytes, corrupts bytes, stalls the link for 1, 4 and 9 s, pulls the cable, and the
// board reboots with a sphere in a player's hand, each three times; the first connection
// resets the board, as opening a Mega's port does. The move verdicts must be exactly those
// of the same match refereed without faults, and every fault must be followed by a resync.
//
//   sim board ⇄ SimPty (socat) ⇄ FaultProxy ⇄ socat pty ⇄ SerialBoardLink (native binding) → RefereeApp
//
// Definitions:
// - The fault-free run: the same seeds and settings on the in-memory SimBinding under fake
//   timers (a fault-free run on the pty gives the same moves; it was checked when this test
//   was written and is not repeated here, to keep the run short).
// - Divergence: the simulated players choose from a seeded generator, one plan per turn,
//   given the positions the referee announces, so their choices can only part from the
//   fault-free run's when they plan a turn that run never planned: when they give up on a
//   turn the referee did not take and think again (the autoplayer's tidy-up notice).
//   Players asked for a resync put the board back and redo the same planned turn, which is
//   no divergence. The test requires that no divergence happens, so the whole verdict
//   stream is compared: every move verdict (side, move, resulting position) and every game
//   result equal the fault-free run's, in order, none missing and none twice.
// - Resync after a fault:
//   - drop, corrupt, stall (the link stays up): the lines lost are counted as a sequence
//     gap by the link, and sensing reports `frames-missing` and then `frames-resumed`
//     (its settle windows start afresh on consecutive frames; the board is read anew).
//     A stall of 9 s stays under the link's 10 s give-up (10 s itself would race it).
//   - unplug and replug, board reboot: the link reports `reconnected` (unplug) or `reboot`,
//     and the pipeline hands the referee its new-session snapshot; the referee reconciles it
//     with the game: a move made meanwhile is inferred (said as seen on reconnect), or
//     `resync-needed` (with the restore steps) is followed by `resync-done` before the next move.
//   - A stall longer than 250 ms is the board unheard too: the referee reconciles the board it
//     finds once its wells settle, as after a reconnect.
//
// Known limit, kept out of the schedule on purpose: a stall that hides a whole roll is read
// as the step it looks like (no foul without evidence), so stalls start only at turns whose
// fault-free counterpart calls no foul or touch. A capture hidden by a stall is asked to be
// put back (occupancy cannot tell it from a lift) and redone.
import { SerialPort } from 'serialport';
import { describe, expect, it } from 'vitest';
import { readJournal } from '../../src/journal/journal.ts';
import { replayJournal } from '../../src/journal/replay.ts';
import type { GapNotice, SerialBoardLink } from '../../src/hardware/link/index.ts';
import { SimPty, createSimBoard, type SimBoard } from '../../src/hardware/sim/index.ts';
import { FaultProxy } from '../support/fault-proxy.ts';
import type { RefereeInput } from '../../src/referee/inputs.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { START_SPN } from '../../src/games/senryaku/rules/spn.ts';
import type { SensingEvent } from '../../src/sensing/events.ts';
import { skipWithout } from '../system-tools.ts';
import { SEED, Session, fakeTimers, referenceBoard, simBoard, useE2E } from './harness.ts';

const noSocat = skipWithout('socat', 'socat');
const e2e = useE2E();
const AUTOPLAY_SEED = 5;
/** A long track: the match must not end before the faults do. */
const SETTINGS = { match: { trackLength: 9, colours: 'alternate' as const } };
/** Moves of the fault-free run to compare with (more than the faulty run gets through). */
const REFERENCE_MOVES = 45;

type FaultKind = 'drop' | 'corrupt' | 'stall' | 'unplug' | 'reboot';
interface Fault {
  readonly kind: FaultKind;
  /** Injected on the next verdict of this type once the previous fault is resynced and a move followed. */
  readonly on: 'move' | 'lifted';
  /** Bytes (drop, corrupt) or ms (stall, unplug). */
  readonly n?: number;
}

/** Three rounds of every fault, mixed; each waits for the previous one's resync and one more move. */
const FAULTS: readonly Fault[] = [
  { kind: 'drop', n: 40, on: 'lifted' },
  { kind: 'reboot', on: 'lifted' },
  { kind: 'corrupt', n: 3, on: 'move' },
  { kind: 'unplug', n: 1500, on: 'move' },
  { kind: 'stall', n: 1000, on: 'lifted' },
  { kind: 'drop', n: 300, on: 'move' },
  { kind: 'reboot', on: 'lifted' },
  { kind: 'corrupt', n: 2, on: 'lifted' },
  { kind: 'unplug', n: 1500, on: 'lifted' },
  { kind: 'stall', n: 4000, on: 'move' },
  { kind: 'drop', n: 10, on: 'lifted' },
  { kind: 'reboot', on: 'lifted' },
  { kind: 'corrupt', n: 5, on: 'move' },
  { kind: 'unplug', n: 2500, on: 'move' },
  { kind: 'stall', n: 9000, on: 'move' },
];

/** Everything that happened in the faulty run, in order. */
type Happening =
  | { readonly what: 'verdict'; readonly verdict: Verdict }
  | { readonly what: 'input'; readonly input: RefereeInput }
  | { readonly what: 'sensing'; readonly event: SensingEvent }
  | { readonly what: 'gap'; readonly gap: GapNotice }
  | { readonly what: 'reboot' | 'reconnected' | 'host-open' }
  | { readonly what: 'line-in'; readonly line: string }
  | { readonly what: 'notice'; readonly message: string }
  | { readonly what: 'fault'; readonly fault: Fault; readonly inHand: number };

const moveKey = (v: Verdict): string | undefined =>
  v.type === 'move'
    ? `${v.side} ${v.move} ${v.position}`
    : v.type === 'game-over'
      ? `game ${v.game} to ${v.winner} by ${v.reason}`
      : undefined;
const movesOf = (verdicts: readonly Verdict[]): string[] => verdicts.flatMap((v) => moveKey(v) ?? []);

/** Per turn (verdicts after the n-th move verdict, up to the next), what was called: fouls, captures, touches. */
function turns(verdicts: readonly Verdict[]): { move: Verdict | undefined; calls: string[] }[] {
  const out: { move: Verdict | undefined; calls: string[] }[] = [{ move: undefined, calls: [] }];
  for (const v of verdicts) {
    const turn = out[out.length - 1]!;
    if (v.type === 'foul') turn.calls.push(`foul ${v.side} ${v.code}`);
    if (v.type === 'touch-move' || v.type === 'crash' || v.type === 'capture-started') turn.calls.push(v.type);
    if (v.type === 'move') {
      turn.move = v;
      out.push({ move: undefined, calls: [] });
    }
  }
  return out;
}

/** The same match without faults, in memory and in virtual time. */
async function faultFreeRun(): Promise<Verdict[]> {
  const clock = fakeTimers();
  const board = simBoard(START_SPN, SEED);
  try {
    const s = await Session.start({ calibration: e2e.calibration, clock, board, autoplaySeed: AUTOPLAY_SEED, settings: SETTINGS });
    await s.until('move', () => s.verdicts.filter((v) => v.type === 'move').length >= REFERENCE_MOVES, 30 * 60_000);
    await s.stop();
    return s.verdicts;
  } finally {
    board.dispose();
    clock.restore();
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** One line per happening, for a failure message. */
function describeHappening(h: Happening): string {
  switch (h.what) {
    case 'verdict': {
      const v = h.verdict;
      return `verdict ${v.type}${v.type === 'move' ? ` ${v.side} ${v.move}` : v.type === 'foul' ? ` ${v.code}` : v.type === 'resync-needed' ? ` ${JSON.stringify(v.differences)}` : ''}`;
    }
    case 'input':
      return 'snapshot to the referee';
    case 'sensing':
      return `sensing ${h.event.type}`;
    case 'gap':
      return `link gap ${h.gap.reason} ${h.gap.lostLines ?? ''}`;
    case 'line-in':
      return `line ${h.line.slice(0, 24)}`;
    case 'notice':
      return `notice ${h.message}`;
    case 'fault':
      return `FAULT ${h.fault.kind} ${h.fault.n ?? ''} (in hand: ${h.inHand})`;
    default:
      return h.what;
  }
}

async function waitFor(what: string, ready: () => boolean, maxMs: number, log: readonly Happening[]): Promise<void> {
  for (let waited = 0; !ready(); waited += 20) {
    if (waited > maxMs) {
      const recent = log
        .filter((h) => h.what !== 'line-in')
        .slice(-30)
        .map(describeHappening);
      throw new Error(`timed out waiting for ${what}; lately:\n  ${recent.join('\n  ')}`);
    }
    await sleep(20);
  }
}

/** The faulty run's world: sim board on a pty, the proxy, the referee on the native binding. */
async function faultyWorld(defer: (fn: () => unknown) => void) {
  const created = createSimBoard({ seed: SEED, ...referenceBoard(), position: START_SPN, clock: 'timers' });
  if (!created.ok) throw new Error(created.error.message);
  const sim: SimBoard = created.value;
  sim.start();
  defer(() => sim.stop());
  const pty = new SimPty(sim);
  const boardPath = await pty.start();
  if (!boardPath.ok) throw new Error(boardPath.error.message);
  defer(() => pty.stop());
  const log: Happening[] = [];
  // Opening the port resets the board, as DTR does on a Mega: on every open, the first one included.
  const proxy = new FaultProxy({
    upstreamPath: boardPath.value,
    onHostOpen: () => {
      log.push({ what: 'host-open' });
      sim.reboot();
    },
  });
  const hostPath = await proxy.start();
  if (!hostPath.ok) throw new Error(hostPath.error.message);
  defer(() => proxy.stop());
  // The board booted when its pty started; that HELLO reaches the proxy before any host
  // listens, so the host's first connection hears only the boot its own open caused.
  await waitFor("the board's first HELLO at the proxy", () => proxy.counters().unheard > 0, 5000, log);
  const session = await Session.start({
    calibration: e2e.calibration,
    clock: undefined,
    board: { sim, path: hostPath.value },
    binding: SerialPort.binding,
    autoplaySeed: AUTOPLAY_SEED,
    settings: SETTINGS,
  });
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (!stopped) await session.stop();
    stopped = true;
  };
  defer(stop);
  const link = (session.app as unknown as { config: { board: { link: SerialBoardLink } } }).config.board.link;
  const owner = {};
  session.app.bus.on('verdict', owner, (verdict) => log.push({ what: 'verdict', verdict }));
  session.app.bus.on('refereeInput', owner, (input) => input.type === 'snapshot' && log.push({ what: 'input', input }));
  session.app.bus.on(
    'sensing',
    owner,
    (event) => (event.type === 'frames-missing' || event.type === 'frames-resumed') && log.push({ what: 'sensing', event }),
  );
  session.app.bus.on('notice', owner, (n) => log.push({ what: 'notice', message: n.message }));
  link.on('gap', (gap) => log.push({ what: 'gap', gap }));
  link.on('reboot', () => log.push({ what: 'reboot' }));
  link.on('reconnected', () => log.push({ what: 'reconnected' }));
  link.on('line', (l) => l.direction === 'in' && log.push({ what: 'line-in', line: l.line }));
  return { sim, proxy, session, link, log, stop };
}

/** Has the fault logged at `from` been followed by its resync (see the definitions at the top)? */
function resynced(kind: FaultKind, after: readonly Happening[]): boolean {
  const index = (test: (h: Happening) => boolean, from = 0): number => {
    const i = after.slice(from).findIndex(test);
    return i < 0 ? -1 : from + i;
  };
  const verdictIs = (h: Happening, type: Verdict['type']): boolean => h.what === 'verdict' && h.verdict.type === type;
  if (kind === 'drop' || kind === 'corrupt' || kind === 'stall') {
    const gap = index((h) => h.what === 'gap' && h.gap.reason === 'sequence');
    const missing = index((h) => h.what === 'sensing' && h.event.type === 'frames-missing');
    return gap >= 0 && missing >= 0 && index((h) => h.what === 'sensing' && h.event.type === 'frames-resumed', missing) >= 0;
  }
  const link = index((h) => h.what === (kind === 'unplug' ? 'reconnected' : 'reboot'));
  const snapshot = index((h) => h.what === 'input', Math.max(0, link));
  if (link < 0 || snapshot < 0) return false;
  // Every resync-needed since the snapshot has its resync-done.
  let open = false;
  for (const h of after.slice(snapshot)) {
    if (verdictIs(h, 'resync-needed')) open = true;
    if (verdictIs(h, 'resync-done')) open = false;
  }
  return !open;
}

describe('the link under faults, end to end on a pty', () => {
  it.skipIf(noSocat)(
    'drops, corruption, stalls, unplugs and reboots mid-move, three of each: the same moves as without faults, each fault resynced',
    { timeout: 300_000 },
    async () => {
      const startedAt = Date.now();
      const reference = await faultFreeRun();
      const referenceTurns = turns(reference);
      const referenceMoves = referenceTurns.flatMap((t) => (t.move?.type === 'move' ? [t.move] : []));

      const { sim, proxy, session, link, log, stop } = await faultyWorld((fn) => e2e.defer(fn));
      const liveStart = Date.now();
      const movesSoFar = (): number => session.verdicts.filter((v) => v.type === 'move').length;
      /** The fault-free run's n-th turn is one move (a step or a capture) with no foul or touch called; nor right after a capture. */
      const plainTurn = (n: number): boolean => {
        const move = referenceMoves[n];
        const before = referenceMoves[n - 1];
        return move?.type === 'move' && referenceTurns[n]!.calls.length === 0 && !(before?.type === 'move' && before.move.includes('x'));
      };

      let cursor = 0;
      for (const fault of FAULTS) {
        // The trigger: the next verdict of its type after the previous resync (for a stall,
        // at a plain turn); a reboot only while a sphere is in a hand.
        await session.until(
          fault.on,
          (v) =>
            session.verdicts.indexOf(v) >= cursor &&
            (fault.kind !== 'stall' || plainTurn(movesSoFar())) &&
            (fault.kind !== 'reboot' || sim.snapshot().hand.length > 0),
          120_000,
        );
        const at = log.length;
        log.push({ what: 'fault', fault, inHand: sim.snapshot().hand.length });
        switch (fault.kind) {
          case 'drop':
            proxy.drop(fault.n ?? 0);
            break;
          case 'corrupt':
            proxy.corrupt(fault.n ?? 0);
            break;
          case 'stall':
            await proxy.pause(fault.n ?? 0);
            break;
          case 'unplug':
            await proxy.unplug();
            await sleep(fault.n ?? 0);
            expect((await proxy.plugIn()).ok).toBe(true);
            break;
          case 'reboot':
            sim.reboot();
            break;
        }
        await waitFor(
          `the resync after ${fault.kind} (fault ${FAULTS.indexOf(fault) + 1})`,
          () => resynced(fault.kind, log.slice(at)),
          30_000,
          log,
        );
        // One whole move in between: play goes on after every fault, and faults do not overlap.
        const moves = movesSoFar();
        await session.until('move', () => movesSoFar() > moves, 60_000);
        cursor = session.verdicts.length;
      }
      // Play goes on after the last fault.
      const afterFaults = movesSoFar();
      await session.until('move', () => movesSoFar() > afterFaults, 30_000);
      const liveMs = Date.now() - liveStart;
      await stop();

      // The first connection: opening the port reset the board, whose boot HELLO (seq 0000)
      // is the first line the host read; what the board said before the open was not heard.
      const firstOpen = log.findIndex((h) => h.what === 'host-open');
      const firstLine = log.findIndex((h) => h.what === 'line-in');
      expect(firstOpen).toBeGreaterThanOrEqual(0);
      expect(firstLine).toBeGreaterThan(firstOpen);
      expect(log[firstLine]).toMatchObject({ line: expect.stringMatching(/^HELLO 0000 /) });
      expect(proxy.counters().unheard).toBeGreaterThan(0);

      // Every fault, three times each; every reboot with a sphere in a hand.
      const injected = log.flatMap((h) => (h.what === 'fault' ? [h] : []));
      for (const kind of ['drop', 'corrupt', 'stall', 'unplug', 'reboot'] as const)
        expect(injected.filter((f) => f.fault.kind === kind)).toHaveLength(3);
      for (const f of injected.filter((f) => f.fault.kind === 'reboot')) expect(f.inHand).toBeGreaterThan(0);

      // No divergence: the players never had to give up on a turn and think again.
      const verdicts = session.verdicts;
      expect(log.flatMap((h) => (h.what === 'notice' && h.message.startsWith('autoplay') ? [h.message] : []))).toEqual([]);
      // So the whole stream is compared: moves and results exactly the fault-free run's, in order.
      const live = movesOf(verdicts);
      expect(referenceMoves.length).toBeGreaterThan(live.filter((m) => !m.startsWith('game')).length);
      expect(live).toEqual(movesOf(reference).slice(0, live.length));
      // No foul the fault-free run did not call in that turn (a redone turn may call its own again).
      const liveTurns = turns(verdicts);
      liveTurns.forEach((t, n) => {
        for (const call of t.calls.filter((c) => c.startsWith('foul'))) expect(referenceTurns[n]?.calls ?? []).toContain(call);
      });
      // Every resync asked for was done, before the turn went on.
      let open = false;
      for (const v of verdicts) {
        if (v.type === 'resync-needed') open = true;
        if (v.type === 'resync-done') open = false;
        if (v.type === 'move') expect(open).toBe(false);
      }

      // The journal replays to exactly what was announced live, faults and all.
      const journal = readJournal(session.app.journalPath);
      if (!journal.ok) throw new Error(journal.error.message);
      const replayed = replayJournal(journal.value);
      expect(replayed.ok && replayed.value.mismatch).toBeUndefined();
      expect(replayed.ok && replayed.value.verdicts).toEqual(verdicts);

      const c = link.counters();
      expect(c.crcErrors).toBeGreaterThanOrEqual(3);
      expect(c.reconnects).toBeGreaterThanOrEqual(3);
      expect(c.reboots).toBeGreaterThanOrEqual(6);
      console.info(
        `link faults: ${injected.length} faults, ${live.length} moves and results equal to the fault-free run; ` +
          `live run ${(liveMs / 1000).toFixed(1)} s, all ${((Date.now() - startedAt) / 1000).toFixed(1)} s; ` +
          `link: ${c.linesLost} lines lost in ${c.gaps} gaps, ${c.crcErrors} CRC errors, ${c.reconnects} reconnects, ${c.reboots} reboots; ` +
          `resyncs asked: ${verdicts.filter((v) => v.type === 'resync-needed').length}, done: ${verdicts.filter((v) => v.type === 'resync-done').length}; ` +
          `moves seen on reconnect: ${verdicts.filter((v) => v.type === 'move' && v.unheard).length}`,
      );
    },
  );
});
