/**
 * One session of the accuracy sweep: the whole referee as `senryaku referee --sim
 * --autoplay` runs it (simulated board → serial link → sensing → referee → verdicts on the
 * bus, journal included), on virtual time, for `games` games in a row on one board, so
 * that drift and ramps build up over the session as they do over a real evening. Returns
 * the verdicts and the players' ledger. Everything follows from the seed (the board's and
 * the players'), so a session is replayed exactly by running it again.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import type { Calibration } from '../../../src/sensing/calibration.ts';
import type { PlayRecord } from '../../../src/players/ledger.ts';
import { SURAKARTA } from '../../../src/games/surakarta/index.ts';
import { autoplaySession, surakartaAutoplaySession } from '../autoplay-session.ts';
import { CalibrationStore } from '../../../src/calibration/store.ts';
import { calibrateSimulatedBoard } from '../../../src/app/sim-calibration.ts';
import { VirtualClock } from '../../../src/app/virtual-clock.ts';
import type { Condition } from './conditions.ts';

/** Virtual time per clock step: the sim and the referee's timers still run every ms they ask for. */
const STEP_MS = 250;
/**
 * A Senryaku game takes well under a minute of play, a Surakarta game two or three (24
 * pieces, a capture every few turns); past this much per game the session is stuck.
 */
const MAX_MS_PER_GAME = { senryaku: 4 * 60_000, surakarta: 10 * 60_000 } as const;
/**
 * After the last game-over, the players finish what is in their hands before their ledger
 * is closed: a hold outlasts its forfeit by a second, and a slow lift that crashed the board
 * still "places" (on the crashed board) up to 3.5 s after it. Until their own account of
 * the last game has an end, or this long.
 */
const WIND_DOWN_MS = 6000;

export interface SessionResult {
  readonly verdicts: readonly Verdict[];
  readonly records: readonly PlayRecord[];
  /** The session reached the end of its last game. */
  readonly finished: boolean;
  /** Board time the session played (calibration left out). */
  readonly virtualMs: number;
}

/**
 * The session's journal and calibration are thrown away after it: in RAM where there is a
 * tmpfs (Linux), so that the journal's fdatasync per verdict (milliseconds each on a busy
 * disk, a third of a session's time) costs nothing while every byte is still written.
 */
const SCRATCH_DIR = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

/** Calibrations by game and board seed (`senryaku:3`), made once per process (a simulated calibration takes ~0.5 s). */
export type CalibrationCache = Map<string, Calibration>;

export async function runSession(o: {
  readonly condition: Condition;
  readonly seed: number;
  readonly games: number;
  readonly calibrations?: CalibrationCache;
}): Promise<SessionResult> {
  const dir = mkdtempSync(join(SCRATCH_DIR, 'senryaku-accuracy-'));
  const clock = new VirtualClock({ stepMs: STEP_MS });
  try {
    const { condition } = o;
    const key = `${condition.game}:${o.seed}`;
    let calibration = o.calibrations?.get(key);
    if (!calibration) {
      const made = await calibrateSimulatedBoard({
        seed: o.seed,
        store: new CalibrationStore(join(dir, 'calibration')),
        clock,
        ...(condition.game === 'surakarta' ? { ruleset: SURAKARTA } : {}),
      });
      if (!made.ok) throw new Error(`calibrating the ${condition.game} board of seed ${o.seed}: ${made.error}`);
      calibration = made.value;
      o.calibrations?.set(key, calibration);
    }
    const common = { seed: o.seed, clock, calibration, journalDir: join(dir, 'journal'), sensors: condition.sensors, gamesLimit: o.games };
    const app =
      condition.game === 'surakarta'
        ? await surakartaAutoplaySession({ ...common, odds: condition.odds })
        : await autoplaySession({
            ...common,
            // A track long enough that the session, not the match, decides how many games are played.
            settings: { match: { trackLength: 99, colours: 'alternate' } },
            odds: condition.odds,
          });
    const verdicts: Verdict[] = [];
    const records: PlayRecord[] = [];
    let lastGameEnded: () => void = () => {};
    const ledgerClosed = new Promise<void>((resolve) => (lastGameEnded = resolve));
    app.bus.on('verdict', verdicts, (v) => verdicts.push(v));
    app.bus.on('play', records, (r) => {
      records.push(r);
      if (r.kind === 'turn' && r.game >= o.games && r.end) lastGameEnded();
    });
    const startMs = clock.nowMs;
    await app.start();
    const played = await clock.fastForward(app.finished, o.games * MAX_MS_PER_GAME[condition.game]);
    await clock.fastForward(ledgerClosed, WIND_DOWN_MS);
    const virtualMs = clock.nowMs - startMs;
    await clock.fastForward(app.stop(), 60_000);
    return { verdicts, records, finished: played.ok, virtualMs };
  } finally {
    await clock.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
