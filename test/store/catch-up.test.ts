// The match store falls behind and catches up from the journal: a real autoplayed two-game
// match (the whole simulated stack on virtual time) whose store is locked by another
// connection, or full, for a stretch of the match. Afterwards the store holds exactly what
// `matches rebuild` makes of the journal, and `matches show` says both games finished.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { autoplaySession } from '../support/autoplay-session.ts';
import { CalibrationStore } from '../../src/calibration/store.ts';
import type { LoggedVerdict } from '../../src/app/event-bus.ts';
import { matchStoreService, rebuildFromJournals } from '../../src/app/match-store-service.ts';
import type { SessionContext } from '../../src/app/referee-app.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { VirtualClock } from '../../src/app/virtual-clock.ts';
import { matchesCommand } from '../../src/cli/commands/matches.ts';
import { openStore, type MatchStore } from '../../src/store/index.ts';
import { rowsByKey, tempDir } from './helpers.ts';

const SEED = 5;

/** A fault of the store: begins when `from` is logged (before the store hears of it), ends when `until` is. */
interface Fault {
  readonly from: (l: LoggedVerdict, seen: readonly LoggedVerdict[]) => boolean;
  readonly until: (l: LoggedVerdict, seen: readonly LoggedVerdict[]) => boolean;
  begin(store: MatchStore): void;
  end(store: MatchStore): void;
}

async function playWith(fault: Fault) {
  const dir = tempDir('senryaku-store-catch-up-');
  const journalDir = join(dir, 'journal');
  const calibration = await calibrateSimulatedBoard({ seed: SEED, store: new CalibrationStore(join(dir, 'calibration')) });
  if (!calibration.ok) throw new Error(calibration.error);
  const path = join(dir, 'matches.db');
  // As the referee opens it: a write waits briefly for a lock, then the store catches up later.
  const opened = openStore(path, { busyTimeoutMs: 20 });
  if (!opened.ok) throw new Error(opened.error.message);
  const store = opened.value;
  const clock = new VirtualClock({ stepMs: 50 });
  const notices: string[] = [];
  const seen: LoggedVerdict[] = [];
  let state: 'before' | 'during' | 'after' = 'before';
  let missedDuring = 0;
  // Listens before the store does: the fault is in place when the store files the verdict that starts it.
  const injector = (session: SessionContext) => ({
    name: 'fault',
    start: async () => {
      session.bus.on('logged', injector, (l) => {
        seen.push(l);
        if (state === 'before' && fault.from(l, seen)) {
          fault.begin(store);
          state = 'during';
        } else if (state === 'during' && fault.until(l, seen)) {
          fault.end(store);
          state = 'after';
        }
        if (state === 'during') missedDuring++;
      });
      session.bus.on('notice', injector, (n) => notices.push(n.message));
    },
    stop: async () => session.bus.removeListeners(injector),
  });
  let matchId = '';
  try {
    const app = await autoplaySession({
      seed: SEED,
      clock,
      calibration: calibration.value,
      journalDir,
      gamesLimit: 2,
      services: [injector, matchStoreService(store)],
    });
    await app.start();
    matchId = app.matchId;
    const played = await clock.fastForward(app.finished, 60 * 60_000);
    expect(played.ok).toBe(true);
    await clock.fastForward(app.stop(), 60_000);
  } finally {
    await clock.stop();
  }
  expect(state).toBe('after');
  const live = rowsByKey(store);
  store.close();
  const rebuilt = openStore(join(dir, 'rebuilt.db'));
  if (!rebuilt.ok) throw new Error(rebuilt.error.message);
  rebuildFromJournals(rebuilt.value, journalDir);
  const expected = rowsByKey(rebuilt.value);
  rebuilt.value.close();
  const shown: string[] = [];
  expect(matchesCommand(['show', matchId, '--db', path], { out: (l) => shown.push(l), err: (l) => shown.push(l) })).toBe(0);
  return { live, expected, notices, missedDuring, seen, shown };
}

const gameOver = (game: number) => (l: LoggedVerdict) => l.verdict.type === 'game-over' && l.verdict.game === game;

describe('the match store after a fault', () => {
  it('locked by another program over the end of game 1: catches up, equals the rebuild, and says both games finished', async () => {
    let other: Database.Database | undefined;
    let movesOfGame2 = 0;
    const played = await playWith({
      // From game 1's ending to the third move of game 2: the ending and game 2's start were lost for good.
      from: gameOver(1),
      until: (l, seen) => {
        if (l.verdict.type === 'move' && seen.some((s) => s.verdict.type === 'game-started' && s.verdict.game === 2)) movesOfGame2++;
        return movesOfGame2 >= 3;
      },
      begin: (store) => {
        other = new Database(store.path);
        other.exec('BEGIN IMMEDIATE'); // the write lock, as `sqlite3 matches.db` in a transaction holds it
      },
      end: () => {
        other!.exec('ROLLBACK');
        other!.close();
      },
    });
    expect(played.missedDuring).toBeGreaterThan(3);
    expect(played.notices.join('\n')).toMatch(/database is locked/);
    expect(played.live).toEqual(played.expected);
    const games = played.shown.filter((l) => l.startsWith('game '));
    expect(games).toHaveLength(2);
    for (const g of games) expect(g).not.toMatch(/not finished/);
    expect(games[0]).toMatch(/^game 1: .*; (1-0|0-1|1\/2-1\/2) /);
  }, 120_000);

  it('full for a stretch of game 1: catches up and equals the rebuild', async () => {
    const played = await playWith({
      from: (l) => l.seq === 10,
      until: (l) => l.seq === 40,
      // SQLite's own full-disk failure (SQLITE_FULL): the file may not grow past the pages it has.
      begin: (store) => {
        const pages = store.db.pragma('page_count', { simple: true }) as number;
        store.db.pragma(`max_page_count = ${pages}`);
      },
      end: (store) => {
        store.db.pragma('max_page_count = 1073741823');
      },
    });
    expect(played.notices.join('\n')).toMatch(/disk is full/);
    expect(played.live).toEqual(played.expected);
  }, 120_000);
});
