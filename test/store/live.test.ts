// A real autoplayed match (the whole simulated stack on virtual time) with the match store as
// a session service: the rows the live run wrote, then the same rows rebuilt from its journal.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { autoplaySession } from '../support/autoplay-session.ts';
import { CalibrationStore } from '../../src/calibration/store.ts';
import { matchStoreService, rebuildFromJournals } from '../../src/app/match-store-service.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { VirtualClock } from '../../src/app/virtual-clock.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { dump, tempDir, tempStore } from './helpers.ts';

const SEED = 5;

let live: { rows: ReturnType<typeof dump>; verdicts: Verdict[]; journalDir: string; matchId: string };

beforeAll(async () => {
  const dir = tempDir('senryaku-store-live-');
  const journalDir = join(dir, 'journal');
  const calibration = await calibrateSimulatedBoard({ seed: SEED, store: new CalibrationStore(join(dir, 'calibration')) });
  if (!calibration.ok) throw new Error(calibration.error);
  const store = tempStore(dir);
  const clock = new VirtualClock({ stepMs: 50 });
  const verdicts: Verdict[] = [];
  try {
    const app = await autoplaySession({
      seed: SEED,
      clock,
      calibration: calibration.value,
      journalDir,
      gamesLimit: 2,
      services: [matchStoreService(store)],
    });
    app.bus.on('verdict', verdicts, (v) => verdicts.push(v));
    await app.start();
    const played = await clock.fastForward(app.finished, 60 * 60_000);
    expect(played.ok).toBe(true);
    await clock.fastForward(app.stop(), 60_000);
    live = { rows: dump(store), verdicts, journalDir, matchId: app.matchId };
  } finally {
    await clock.stop();
    store.close();
  }
}, 120_000);

describe('the match store, live', () => {
  it('holds every verdict of the match by seq, and its games and moves', () => {
    const { rows, verdicts, matchId } = live;
    expect(rows.matches).toMatchObject([
      { id: matchId, ruleset: 'senryaku', event: 'Senryaku match', site: `simulated board (seed ${SEED})` },
    ]);
    expect(rows.verdicts.map((r) => (r as { seq: number }).seq)).toEqual(verdicts.map((_, i) => i + 1));
    expect(rows.verdicts.map((r) => JSON.parse((r as { json: string }).json))).toEqual(verdicts);
    const moves = verdicts.filter((v) => v.type === 'move');
    expect(rows.moves).toHaveLength(moves.length);
    expect(rows.moves.map((m) => (m as { notation: string }).notation)).toEqual(moves.map((m) => m.move));
    // Senryaku's tip margins travel in the move's extras.
    expect(JSON.parse((rows.moves[0] as { extras: string }).extras)).toHaveProperty('balance.tipMargin');
    expect(rows.fouls).toHaveLength(verdicts.filter((v) => v.type === 'foul').length);
    expect(rows.crashes).toHaveLength(verdicts.filter((v) => v.type === 'crash').length);
    expect(rows.games).toHaveLength(2);
    expect(rows.games.every((g) => (g as { result: string }).result !== '*')).toBe(true);
    expect(rows.scores).toHaveLength(2);
  });

  it('is rebuilt from the journal row for row, and a second rebuild changes nothing', () => {
    const store = tempStore();
    const report = rebuildFromJournals(store, live.journalDir);
    expect(report).toEqual({ matches: 1, verdicts: live.verdicts.length, problems: [] });
    expect(dump(store)).toEqual(live.rows);
    rebuildFromJournals(store, live.journalDir);
    expect(dump(store)).toEqual(live.rows);
    store.close();
  });
});
