/**
 * The computer's service on a match (a scripted one: its snapshot set by the test, its
 * referee's answer to advice recorded) with the advisor's double: it asks exactly when the
 * computer's player is to move and nothing stands in the way, hands the answer to the referee,
 * drops a stale one, cancels a search the game left behind, says a failed engine once and goes
 * on, and answers hints with the referee's verdict or a clear refusal.
 */
import { describe, expect, it } from 'vitest';
import { ComputerService, type ComputerSettings } from '../../../src/app/computer/computer-service.ts';
import { EventBus } from '../../../src/app/event-bus.ts';
import type { MatchContext, MatchSnapshot } from '../../../src/app/match-context.ts';
import type { NoticeLevel } from '../../../src/app/service.ts';
import type { Advice } from '../../../src/referee/inputs.ts';
import type { ComputerSeat } from '../../../src/rulesets/computer-seat.ts';
import { ManualScheduler } from '../../../src/util/scheduler.ts';
import { FakeAdvisor } from '../../support/fake-advisor.ts';

const P1 = 'position-1';
const P2 = 'position-2';
const BLACK_IS_B: ComputerSeat = { player: 'B', side: 'black', level: 4 };

/** A match whose snapshot the test sets; the referee's answer to advice as a real one would give it. */
function scriptedMatch(policy = 'casual') {
  const bus = new EventBus();
  const scheduler = new ManualScheduler();
  const advised: Advice[] = [];
  let snap: MatchSnapshot = {
    ruleset: 'senryaku',
    phase: 'play',
    game: 1,
    position: P1,
    turn: 'white',
    players: { white: 'A', black: 'B' },
    score: { points: { A: 0, B: 0 }, games: { A: 0, B: 0 }, trackLength: 7 },
    fouls: { white: 0, black: 0 },
    hints: { A: 0, B: 0 },
    sensors: { faulty: [], blind: [] },
    link: { state: 'ready' },
    journal: { state: 'main', path: '/j' },
  } as unknown as MatchSnapshot;
  const match: MatchContext = {
    bus,
    matchId: 'm1',
    header: {
      ruleset: 'senryaku',
      settings: { policy, players: { A: 'Ann', B: 'Computer (level 4)' } },
    } as unknown as MatchContext['header'],
    snapshot: () => snap,
    operate: () => [],
    advise: (a) => {
      advised.push(a);
      if (a.position !== snap.position) return [{ type: 'notice', atMs: 0, message: 'stale advice refused' }];
      if (a.role === 'hint') {
        const player = snap.players[snap.turn!]!;
        snap = { ...snap, hints: { ...snap.hints, [player]: snap.hints[player] + 1 } };
        return [{ type: 'hint', atMs: 0, side: snap.turn!, player, move: a.move, count: snap.hints[player] }];
      }
      snap = { ...snap, computerMove: { side: snap.turn!, move: a.move } };
      return [{ type: 'computer-move', atMs: 0, side: snap.turn!, move: a.move, position: a.position }];
    },
    verdictsAfter: () => [],
    lastSeq: () => 0,
    scheduler,
  };
  /** The game as it stands now, and a verdict said about it. */
  const set = (change: Partial<MatchSnapshot>): void => {
    snap = { ...snap, ...change };
    bus.emit('verdict', { type: 'notice', atMs: 0, message: 'something happened' });
  };
  return { match, advised, set, scheduler, snapshot: () => snap };
}

function service(seat: ComputerSeat | undefined, settings: Partial<ComputerSettings> = {}, advisor = new FakeAdvisor()) {
  const notices: [NoticeLevel, string][] = [];
  const s = new ComputerService(
    {
      settings: { seatOf: () => seat, hints: undefined, ...settings },
      scheduler: new ManualScheduler(),
      io: { out: () => {}, err: () => {} },
      notice: (level, message) => notices.push([level, message]),
    },
    advisor,
  );
  return { s, advisor, notices };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ComputerService: the computer at the board', () => {
  it("asks on the computer's turn only, once per position, and hands the answer to the referee", async () => {
    const m = scriptedMatch();
    const { s, advisor } = service(BLACK_IS_B);
    await s.start();
    s.attach(m.match);
    m.set({ turn: 'white' });
    expect(advisor.asks).toHaveLength(0);
    m.set({ turn: 'black', position: P2 });
    m.set({}); // another verdict in the same position: no second ask
    expect(advisor.asks.map((a) => a.request)).toEqual([{ position: P2, level: 4, movetimeMs: 1000 }]);
    advisor.asks[0]!.answer('d4-d5');
    await settle();
    expect(m.advised).toEqual([{ role: 'computer', move: 'd4-d5', position: P2 }]);
    // The move pending: no new ask while the person carries it out.
    m.set({});
    expect(advisor.asks).toHaveLength(1);
    s.detach();
    await s.stop();
    expect(advisor.stopped).toBe(1);
  });

  it('a resumed match standing at its turn is asked once the match has started', () => {
    const m = scriptedMatch();
    m.set({ turn: 'black' });
    const { s, advisor } = service(BLACK_IS_B);
    s.attach(m.match);
    expect(advisor.asks).toHaveLength(0);
    m.scheduler.advance(1);
    expect(advisor.asks).toHaveLength(1);
    s.detach();
  });

  it('nothing is asked while a foul stands or a resync runs; the game moving on cancels the search, and its late answer is dropped', async () => {
    const m = scriptedMatch();
    const { s, advisor } = service(BLACK_IS_B);
    s.attach(m.match);
    m.set({ turn: 'black', phase: 'foul', pendingFoul: { code: 'IllegalMove', side: 'black', restore: [] } as never });
    m.set({ phase: 'resync', pendingFoul: undefined });
    expect(advisor.asks).toHaveLength(0);
    m.set({ phase: 'play' });
    expect(advisor.asks).toHaveLength(1);
    // A takeback: the position is another, white to move.
    m.set({ turn: 'white', position: P2 });
    expect(advisor.asks[0]!.cancelled).toBe(true);
    advisor.asks[0]!.answer('late');
    await settle();
    expect(m.advised).toEqual([]);
    s.detach();
  });

  it('an answer for a position the game has left is not handed over', async () => {
    const m = scriptedMatch();
    const { s, advisor } = service(BLACK_IS_B, {}, new FakeAdvisor());
    s.attach(m.match);
    m.set({ turn: 'black' });
    const ask = advisor.asks[0]!;
    // The game moves on (its verdict not yet said) while the answer is on its way.
    ask.answer('a1-a2');
    (m.snapshot() as { position: string }).position = P2;
    await settle();
    expect(m.advised).toEqual([]);
    s.detach();
  });

  it('an engine that fails is said once for the position, and the match goes on without its move', async () => {
    const m = scriptedMatch();
    const { s, advisor, notices } = service(BLACK_IS_B);
    s.attach(m.match);
    m.set({ turn: 'black' });
    advisor.asks[0]!.fail({ code: 'EngineFailed', message: 'EngineDied: it ended: it exited with code 3' });
    await settle();
    m.set({});
    expect(advisor.asks).toHaveLength(1);
    expect(notices).toEqual([
      ['warn', 'the computer cannot move: the fake engine: EngineDied: it ended: it exited with code 3; its move may be played by hand'],
    ]);
    expect(m.advised).toEqual([]);
    s.detach();
  });

  it('no computer: never asks', () => {
    const m = scriptedMatch();
    const { s, advisor } = service(undefined);
    s.attach(m.match);
    m.set({ turn: 'black' });
    m.scheduler.advance(1);
    expect(advisor.asks).toHaveLength(0);
    s.detach();
  });
});

describe('ComputerService: hints', () => {
  it('a hint for the side to move: the engine at full strength, the referee says it with its count', async () => {
    const m = scriptedMatch();
    const { s, advisor } = service(BLACK_IS_B);
    s.attach(m.match);
    const hint = s.hint();
    await settle();
    expect(advisor.asks.map((a) => a.request)).toEqual([{ position: P1, level: 10, movetimeMs: 1000 }]);
    advisor.asks[0]!.answer('c2-c3');
    expect(await hint).toEqual({ ok: true, value: { side: 'white', player: 'A', move: 'c2-c3', count: 1 } });
    s.detach();
  });

  it("refused: under the tournament policy, switched off, on the computer's turn, with no game on, and a stale answer", async () => {
    const refusal = async (setup: (m: ReturnType<typeof scriptedMatch>) => void, policy = 'casual', hints?: boolean) => {
      const m = scriptedMatch(policy);
      const { s, advisor } = service(BLACK_IS_B, { hints });
      s.attach(m.match);
      setup(m);
      const answer = s.hint();
      await settle();
      if (advisor.asks[0]) {
        m.set({ position: P2 });
        advisor.asks[0].answer('c2-c3');
      }
      const r = await answer;
      s.detach();
      return r.ok ? 'given' : r.error;
    };
    expect(await refusal(() => {}, 'tournament', true)).toBe('no hints under the tournament policy');
    expect(await refusal(() => {}, 'casual', false)).toBe('hints are switched off (--hints off)');
    expect(await refusal((m) => m.set({ turn: 'black' }))).toBe("no hint now: it is the computer's turn (black)");
    expect(await refusal((m) => m.set({ phase: 'game-over', turn: undefined }))).toMatch(/^no hint now: .*\(game-over\)$/);
    expect(await refusal(() => {})).toBe('no hint: stale advice refused');
  });

  it('no match: refused', async () => {
    const { s } = service(undefined);
    expect(await s.hint()).toEqual({ ok: false, error: 'no match is being refereed' });
  });
});
