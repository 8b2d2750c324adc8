// The hub files what board hosts publish: the same rows as each board's own store, whatever
// the order the broker delivers in and however often it delivers a verdict.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { autoplaySession } from '../../src/app/autoplay-session.ts';
import { CalibrationStore } from '../../src/app/calibration-store.ts';
import { Hub } from '../../src/app/hub.ts';
import { matchInfoOf, matchStoreService } from '../../src/app/match-store-service.ts';
import type { SessionContext } from '../../src/app/referee-app.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { VirtualClock } from '../../src/app/virtual-clock.ts';
import { dump, tempDir, tempStore } from '../store/helpers.ts';

const SEED = 7;
/** What a board host published: its match (retained) and every verdict, as topic + payload. */
const published: { topic: string; payload: string }[] = [];
let boardRows: ReturnType<typeof dump>;

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

/** The hub's store (the tests hand it one; this reads it back). */
const hubStore = (hub: Hub) => (hub as unknown as { store: Parameters<typeof dump>[0] }).store;
