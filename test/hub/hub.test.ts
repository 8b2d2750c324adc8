// The hub files what board hosts publish: the same rows as each board's own store, whatever
// the order the broker delivers in and however often it delivers a verdict.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { autoplaySession } from '../support/autoplay-session.ts';
import { CalibrationStore } from '../../src/calibration/store.ts';
import { Hub } from '../../src/hub/hub.ts';
import { matchInfoOf, matchStoreService } from '../../src/app/match-store-service.ts';
import type { RefereeApp, SessionContext } from '../../src/app/referee-app.ts';
import type { RefereeHost } from '../../src/app/referee-host.ts';
import { fetchVerdicts } from '../../src/app/verdict-fetch.ts';
import { FETCH_VERDICTS_LIMIT } from '../../src/telemetry/topics.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { VirtualClock } from '../../src/app/virtual-clock.ts';
import { dump, rowsByKey, tempDir, tempStore } from '../store/helpers.ts';

const SEED = 7;
/** What a board host published: its match (retained) and every verdict, as topic + payload. */
const published: { topic: string; payload: string }[] = [];
let boardRows: ReturnType<typeof dump>;
/** The board's referee after its match, as a fetch_verdicts answers from it. */
let referee: RefereeApp;

beforeAll(async () => {
  const dir = tempDir('senryaku-hub-');
  const calibration = await calibrateSimulatedBoard({ seed: SEED, store: new CalibrationStore(join(dir, 'calibration')) });
  if (!calibration.ok) throw new Error(calibration.error);
  const store = tempStore(dir);
  const clock = new VirtualClock({ stepMs: 50 });
  // A stand-in for the board's MQTT publisher: the same payloads, kept in order.
  const publisher = (session: SessionContext) => ({
    name: 'publisher',
    start: async () => {
      published.push({ topic: 'senryaku/board-7/match', payload: JSON.stringify(matchInfoOf(session.header)) });
      session.bus.on('logged', published, (l) =>
        published.push({
          topic: 'senryaku/board-7/verdict',
          payload: JSON.stringify({ matchId: l.matchId, seq: l.seq, verdict: l.verdict }),
        }),
      );
    },
    stop: async () => session.bus.removeListeners(published),
  });
  try {
    const app = await autoplaySession({
      seed: SEED,
      clock,
      calibration: calibration.value,
      journalDir: join(dir, 'journal'),
      gamesLimit: 1,
      services: [matchStoreService(store), publisher],
    });
    await app.start();
    expect((await clock.fastForward(app.finished, 30 * 60_000)).ok).toBe(true);
    await clock.fastForward(app.stop(), 60_000);
    boardRows = dump(store);
    referee = app;
  } finally {
    await clock.stop();
    store.close();
  }
}, 120_000);

describe('the hub', () => {
  it("stores what a board published as the board's own store holds it", () => {
    const hub = new Hub(tempStore(), 'senryaku');
    for (const m of published) hub.onMessage(m.topic, m.payload);
    expect(dump(hubStore(hub))).toEqual(boardRows);
    expect(hub.counters).toMatchObject({ stored: published.length - 1, duplicates: 0, rejected: 0, waiting: 0 });
  });

  it('keeps a redelivered verdict once and files verdicts that came before their match', () => {
    const hub = new Hub(tempStore(), 'senryaku');
    const [match, ...verdicts] = published;
    // Verdicts first, in reverse, each twice; then the match's description.
    for (const m of [...verdicts].reverse()) {
      hub.onMessage(m.topic, m.payload);
      hub.onMessage(m.topic, Buffer.from(m.payload));
    }
    expect(hub.counters.waiting).toBe(verdicts.length * 2);
    hub.onMessage(match!.topic, match!.payload);
    expect(dump(hubStore(hub))).toEqual(boardRows);
    expect(hub.counters).toMatchObject({ stored: verdicts.length, duplicates: verdicts.length, waiting: 0 });
    expect(hub.overview()[0]).toMatch(/^board-7 .* senryaku .* verdicts stored$/);
  });

  it('counts what is not what its topic promises, and leaves the bridge and other bases alone', () => {
    const hub = new Hub(tempStore(), 'senryaku');
    hub.onMessage('senryaku/b1/verdict', 'not json');
    hub.onMessage('senryaku/b1/verdict', JSON.stringify({ matchId: 'm', seq: 'one', verdict: {} }));
    hub.onMessage('senryaku/b1/match', JSON.stringify({ matchId: 'm' }));
    hub.onMessage('senryaku/bridge/state', JSON.stringify({ state: 'online' }));
    hub.onMessage('other/b1/verdict', 'x');
    hub.onMessage('senryaku/b1/availability', 'online');
    expect(hub.counters).toMatchObject({ stored: 0, rejected: 3 });
    expect([...hub.boards.keys()]).toEqual(['b1']);
    expect(hub.boards.get('b1')?.availability).toBe('online');
  });
});

describe('the hub, for what the broker never delivered', () => {
  /** A hub on a clock the test moves. */
  const clockedHub = () => {
    const clock = { ms: 0 };
    const hub = new Hub(tempStore(), 'senryaku', { now: () => clock.ms });
    return { hub, clock };
  };
  // Read once the board has played (beforeAll).
  let match: (typeof published)[number] | undefined;
  let verdicts: typeof published = [];
  beforeAll(() => {
    [match, ...verdicts] = published;
  });
  const seqOf = (m: { payload: string }): number => (JSON.parse(m.payload) as { seq: number }).seq;
  /** The board's referee answering a request from its journaled verdicts, as on `bridge/response/fetch_verdicts`. */
  const answer = (request: { topic: string; payload: string }): [string, string] => {
    expect(request.topic).toBe('senryaku/bridge/request/fetch_verdicts');
    const { transaction, board, ...body } = JSON.parse(request.payload) as Record<string, unknown>;
    expect(board).toBe('board-7');
    const host = { current: referee, journalOf: () => undefined } as unknown as RefereeHost;
    const done = fetchVerdicts(host, body);
    const response = done.ok ? { status: 'ok', transaction, data: done.value } : { status: 'error', transaction, error: done.error };
    return ['senryaku/bridge/response/fetch_verdicts', JSON.stringify(response)];
  };

  it('says a gap in the seqs, asks for it once it has lasted, and files the answer', () => {
    const { hub, clock } = clockedHub();
    hub.onMessage(match!.topic, match!.payload);
    for (const m of verdicts) if (seqOf(m) < 5 || seqOf(m) > 14) hub.onMessage(m.topic, m.payload);
    expect(hub.missing()).toMatchObject([{ board: 'board-7', count: 10, ranges: ['5-14'] }]);
    expect(hub.summary()).toMatch(/; 10 missing, being fetched from the boards$/);
    expect(hub.overview()[0]).toMatch(/10 missing \(5-14\)$/);
    expect(hub.fetchesDue()).toEqual([]); // not yet: it may still be on its way
    clock.ms = 2000;
    const [request, ...more] = hub.fetchesDue();
    expect(more).toEqual([]);
    expect(JSON.parse(request!.payload)).toMatchObject({ board: 'board-7', matchId: referee.matchId, from: 5, to: 14 });
    clock.ms = 2500;
    expect(hub.fetchesDue()).toEqual([]); // asked: not again before the retry
    hub.onMessage(...answer(request!));
    expect(hub.missing()).toEqual([]);
    expect(hub.counters).toMatchObject({ stored: verdicts.length, fetched: 10, waiting: 0 });
    expect(rowsByKey(hubStore(hub))).toEqual(rowsByKey(boardStore()));
    expect(hub.summary()).not.toMatch(/missing/);
  });

  it("finds the last verdicts, which no later one reveals, from the state's last seq; not while they are still coming", () => {
    const { hub, clock } = clockedHub();
    const last = verdicts.length;
    hub.onMessage(match!.topic, match!.payload);
    for (const m of verdicts.slice(0, -3)) hub.onMessage(m.topic, m.payload);
    const state = { ...referee.snapshot()!, matchId: referee.matchId, lastSeq: last };
    hub.onMessage('senryaku/board-7/state', JSON.stringify(state));
    expect(hub.missing()).toMatchObject([{ count: 3, ranges: [`${last - 2}-${last}`] }]);
    clock.ms = 1500;
    hub.onMessage(verdicts.at(-3)!.topic, verdicts.at(-3)!.payload); // still coming
    clock.ms = 3000;
    expect(hub.fetchesDue()).toEqual([]);
    clock.ms = 3500;
    const [request] = hub.fetchesDue();
    expect(JSON.parse(request!.payload)).toMatchObject({ from: last - 1, to: last });
    hub.onMessage(...answer(request!));
    expect(hub.missing()).toEqual([]);
    expect(rowsByKey(hubStore(hub))).toEqual(rowsByKey(boardStore()));
  });

  it('files a match it joined late with its games: the verdicts before it subscribed are fetched', () => {
    const { hub, clock } = clockedHub();
    // Joined at seq 20: the retained match and state, then the verdicts from there on.
    hub.onMessage(match!.topic, match!.payload);
    hub.onMessage('senryaku/board-7/state', JSON.stringify({ ...referee.snapshot()!, matchId: referee.matchId, lastSeq: 19 }));
    for (const m of verdicts.slice(19)) hub.onMessage(m.topic, m.payload);
    expect(hubStore(hub).match(referee.matchId)!.games).toEqual([]); // game-started came before it joined
    clock.ms = 2000;
    const [request] = hub.fetchesDue();
    expect(JSON.parse(request!.payload)).toMatchObject({ from: 1, to: 19 });
    hub.onMessage(...answer(request!));
    expect(hub.counters.fetched).toBe(19);
    expect(hubStore(hub).match(referee.matchId)!.games).toHaveLength(1);
    expect(rowsByKey(hubStore(hub))).toEqual(rowsByKey(boardStore()));
  });

  it('asks again when no answer comes, stops on a refusal for a while, and without a user says why it does not ask', () => {
    const { hub, clock } = clockedHub();
    hub.onMessage(match!.topic, match!.payload);
    for (const m of verdicts.slice(1)) hub.onMessage(m.topic, m.payload);
    clock.ms = 2000;
    expect(hub.fetchesDue()).toHaveLength(1);
    clock.ms = 5000;
    const [again] = hub.fetchesDue();
    expect(again).toBeDefined();
    expect(hub.summary()).toMatch(/1 missing, fetched without an answer yet/);
    clock.ms = 10_000;
    expect(hub.fetchesDue()).toEqual([]); // the next one waits twice as long
    hub.onMessage('senryaku/board-7/availability', 'offline');
    clock.ms = 11_000;
    expect(hub.fetchesDue()).toEqual([]); // nobody to answer
    hub.onMessage('senryaku/board-7/availability', 'online');
    expect(hub.fetchesDue()).toHaveLength(1);
    const { transaction } = JSON.parse(again!.payload) as { transaction: string };
    clock.ms = 12_000;
    hub.onMessage('senryaku/bridge/response/fetch_verdicts', JSON.stringify({ status: 'error', transaction, error: 'no such match' }));
    expect(hub.summary()).toMatch(/1 missing, fetch refused: no such match/);
    clock.ms = 30_000;
    expect(hub.fetchesDue()).toEqual([]);
    // Another hub's refusal changes nothing here.
    hub.onMessage('senryaku/bridge/response/fetch_verdicts', JSON.stringify({ status: 'error', transaction: 'x', error: 'other' }));
    expect(hub.summary()).toMatch(/no such match/);
  });
});

describe('fetch_verdicts, as the referee answers it', () => {
  const host = () => ({ current: referee, journalOf: () => undefined }) as unknown as RefereeHost;

  it('answers a range of the journaled verdicts with the match; refuses bad bodies and unknown matches in words', () => {
    const all = referee.verdictsAfter(0);
    const answer = fetchVerdicts(host(), { matchId: referee.matchId, from: 3, to: 5 });
    expect(answer).toEqual({
      ok: true,
      value: {
        matchId: referee.matchId,
        match: matchInfoOf(referee.matchHeader!),
        verdicts: all.slice(2, 5).map((l) => ({ seq: l.seq, verdict: l.verdict })),
        lastSeq: all.length,
        more: false,
      },
    });
    const rest = fetchVerdicts(host(), { matchId: referee.matchId, from: all.length - 1 });
    expect(rest.ok && (rest.value.verdicts as unknown[]).length).toBe(2);
    expect(fetchVerdicts(host(), { matchId: referee.matchId, from: 0 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/"from"/),
    });
    expect(fetchVerdicts(host(), { matchId: referee.matchId, from: 4, to: 2 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/"to"/),
    });
    expect(fetchVerdicts(host(), { matchId: referee.matchId, from: 1, limit: 3 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/unknown field 'limit'/),
    });
    expect(fetchVerdicts(host(), { matchId: 'elsewhere', from: 1 })).toEqual({
      ok: false,
      error: "no match 'elsewhere' has been refereed here",
    });
  });

  it('answers an earlier match of the process from its journal file, at most FETCH_VERDICTS_LIMIT verdicts at a time', () => {
    const earlier = { current: undefined, journalOf: (id: string) => (id === referee.matchId ? referee.journalPath : undefined) };
    const answer = fetchVerdicts(earlier as unknown as RefereeHost, { matchId: referee.matchId, from: 1 });
    expect(answer.ok && answer.value.verdicts).toEqual(referee.verdictsAfter(0).map((l) => ({ seq: l.seq, verdict: l.verdict })));
    expect(referee.lastSeq).toBeLessThan(FETCH_VERDICTS_LIMIT); // one answer holds this match; a longer one is answered in parts:
    const long = {
      current: { matchId: 'long', matchHeader: referee.matchHeader, verdictsAfter: () => longLog },
      journalOf: () => undefined,
    };
    const longLog = Array.from({ length: FETCH_VERDICTS_LIMIT + 50 }, (_, i) => ({
      matchId: 'long',
      seq: i + 1,
      verdict: referee.verdictsAfter(0)[0]!.verdict,
    }));
    const first = fetchVerdicts(long as unknown as RefereeHost, { matchId: 'long', from: 1 });
    expect(first.ok && [(first.value.verdicts as unknown[]).length, first.value.more]).toEqual([FETCH_VERDICTS_LIMIT, true]);
    const second = fetchVerdicts(long as unknown as RefereeHost, { matchId: 'long', from: FETCH_VERDICTS_LIMIT + 1 });
    expect(second.ok && [(second.value.verdicts as unknown[]).length, second.value.more]).toEqual([50, false]);
  });
});

/** The board's own store, as the board filed it. */
const boardStore = () => {
  const store = tempStore();
  const hub = new Hub(store, 'senryaku');
  for (const m of published) hub.onMessage(m.topic, m.payload);
  return store;
};

/** The hub's store (the tests hand it one; this reads it back). */
const hubStore = (hub: Hub) => (hub as unknown as { store: Parameters<typeof dump>[0] }).store;
