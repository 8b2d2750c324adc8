// What the board says about time and itself is a claim, end to end: a match autoplayed on the
// simulated board through the real link, sensing and referee (fake timers), with lines put on
// the wire that the board did not send, valid CRC and all: two frames three hours ahead, a 3 s
// flood of frames with a running clock, a HELLO naming another board. Each time the same
// moves are announced as in the run without them, each within a second of when that run
// announced it, and the fault is said (on the bus and in the journal).
import { describe, expect, it } from 'vitest';
import { readJournal } from '../../src/journal/journal.ts';
import type { SimBoard } from '../../src/hardware/sim/index.ts';
import { formatFrame, formatHello, parseBoardLine, type Frame, type Hello } from '../../src/protocol/index.ts';
import type { RefereeInput } from '../../src/referee/inputs.ts';
import { START_SPN } from '../../src/games/senryaku/rules/spn.ts';
import { Session, fakeTimers, simBoard, useE2E } from './harness.ts';

const e2e = useE2E();
const AUTOPLAY_SEED = 5;
const SETTINGS = { match: { trackLength: 9, colours: 'alternate' as const } };
const MOVES = 12;
/** The fault comes right after this move. */
const FAULT_AFTER = 4;
const H3 = 3 * 3600_000;

interface Announced {
  readonly key: string;
  /** Simulated time when it was announced. */
  readonly atSimMs: number;
}

interface Run {
  readonly moves: Announced[];
  readonly notices: string[];
  readonly journalNotes: string[];
  /** Inputs to the referee after the fault, by type. */
  readonly snapshotsAfterFault: number;
  readonly refused: number;
}

/** What the board last sent, for forging. */
interface Wire {
  hello: Hello | undefined;
  frame: Frame | undefined;
}

const decode = (line: string): ReturnType<typeof parseBoardLine> => parseBoardLine(line, { cellCount: 44 });

async function run(fault?: (sim: SimBoard, wire: Wire) => void): Promise<Run> {
  const clock = fakeTimers();
  const board = simBoard(START_SPN, 7);
  try {
    const wire: Wire = { hello: undefined, frame: undefined };
    board.sim.onLine((line) => {
      const m = decode(line);
      if (m.ok && m.value.type === 'hello') wire.hello = m.value;
      if (m.ok && m.value.type === 'frame') wire.frame = m.value;
    });
    const s = await Session.start({ calibration: e2e.calibration, clock, board, autoplaySeed: AUTOPLAY_SEED, settings: SETTINGS });
    const moves: Announced[] = [];
    const notices: string[] = [];
    let faulted = false;
    let snapshotsAfterFault = 0;
    s.app.bus.on('notice', {}, (n) => notices.push(n.message));
    s.app.bus.on('refereeInput', {}, (i: RefereeInput) => faulted && i.type === 'snapshot' && snapshotsAfterFault++);
    s.app.bus.on('verdict', {}, (v) => {
      if (v.type !== 'move') return;
      moves.push({ key: `${v.side} ${v.move} ${v.position}`, atSimMs: board.sim.nowMs });
      if (moves.length === FAULT_AFTER && fault) {
        faulted = true;
        fault(board.sim, wire);
      }
    });
    await s.until('move', () => moves.length >= MOVES, 120_000);
    const p = s.app.pipeline?.plausibility;
    await s.stop();
    const journal = readJournal(s.app.journalPath);
    if (!journal.ok) throw new Error(journal.error.message);
    const journalNotes = journal.value.records.flatMap((r) => (r.kind === 'note' && r.message.startsWith('link fault') ? [r.message] : []));
    return { moves, notices, journalNotes, snapshotsAfterFault, refused: (p?.aheadOfHost ?? 0) + (p?.tooSoon ?? 0) };
  } finally {
    board.dispose();
    clock.restore();
  }
}

/** Same moves as the run without the fault, each announced within a second of it. */
function expectSameMovesOnTime(faulty: Run, clean: Run): void {
  expect(faulty.moves.map((m) => m.key)).toEqual(clean.moves.map((m) => m.key));
  const late = faulty.moves.map((m, i) => m.atSimMs - clean.moves[i]!.atSimMs);
  console.info(`moves announced up to ${Math.max(...late.map(Math.abs))} ms from the run without the fault`);
  for (const ms of late) expect(Math.abs(ms)).toBeLessThanOrEqual(1000);
}

let cleanRun: Run | undefined;
const clean = async (): Promise<Run> => (cleanRun ??= await run());

describe('end to end: the board’s claims about time and itself are judged', { timeout: 120_000 }, () => {
  it('two frames with a valid CRC and the board clock 3 h ahead: refused and said, the verdicts go on within a second', async () => {
    const faulty = await run((sim, wire) => {
      const f = wire.frame!;
      sim.injectLine(formatFrame({ ...f, seq: (f.seq + 1) & 0xffff, ms: f.ms + H3 + 12 }));
      sim.injectLine(formatFrame({ ...f, seq: (f.seq + 2) & 0xffff, ms: f.ms + H3 + 25 }));
    });
    expectSameMovesOnTime(faulty, await clean());
    expect(faulty.refused).toBe(2);
    expect(faulty.notices).toEqual(expect.arrayContaining([expect.stringMatching(/3 h 0 min ahead of the host's clock.*refused/)]));
    expect(faulty.journalNotes).toEqual(expect.arrayContaining([expect.stringMatching(/ahead of the host's clock/)]));
  });

  it('a 3 s flood of frames with a running clock at 8× the rate: rate-limited and counted, refereeing goes on', async () => {
    const faulty = await run((sim, wire) => {
      const until = sim.nowMs + 3000;
      let ms = wire.frame!.ms;
      const off = sim.onLine((line) => {
        if (sim.nowMs > until) return off();
        const m = decode(line);
        if (!m.ok || m.value.type !== 'frame') return;
        // Each genuine frame followed by 8 copies of it, each stamped a period later than the last.
        for (let i = 1; i <= 8; i++)
          sim.injectLine(formatFrame({ ...m.value, seq: (m.value.seq + i) & 0xffff, ms: Math.round((ms += 12.5)) }));
      });
    });
    expectSameMovesOnTime(faulty, await clean());
    expect(faulty.refused).toBeGreaterThan(1000);
    expect(faulty.notices.filter((n) => n.startsWith('link fault')).length).toBeGreaterThanOrEqual(1);
    expect(faulty.journalNotes.length).toBeGreaterThanOrEqual(1);
  });

  it('a HELLO naming another board (another id, 36 cells) mid-match: said, refereed as a reconnect, no move missed', async () => {
    const faulty = await run((sim, wire) => {
      const h = wire.hello!;
      const seq = ((wire.frame?.seq ?? 0) + 1) & 0xffff;
      sim.injectLine(
        formatHello({ ...h, seq, boardId: (h.boardId ^ 0x55) >>> 0, bootId: (h.bootId + 1) >>> 0, wellCells: 36, pivotCells: 0 }),
      );
    });
    expectSameMovesOnTime(faulty, await clean());
    expect(faulty.notices).toEqual(
      expect.arrayContaining([expect.stringMatching(/HELLO .* names another board .*36 well \+ 0 pivot cells/)]),
    );
    expect(faulty.journalNotes).toEqual(expect.arrayContaining([expect.stringMatching(/names another board/)]));
    // Refereed as a reconnect: the board is checked (a snapshot to the referee) once its wells settle.
    expect(faulty.snapshotsAfterFault).toBeGreaterThanOrEqual(1);
  });
});
