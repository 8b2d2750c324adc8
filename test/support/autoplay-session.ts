/**
 * The whole `senryaku referee --sim --autoplay` stack (simulated board → serial link →
 * pipeline → referee → bus, with the simulated players), built quietly on a virtual clock:
 * what the benches and the accuracy sweep referee games with. Not started: the caller
 * listens on `app.bus`, then starts it and drives the clock. Senryaku by default;
 * `surakartaAutoplaySession` is the same for `--rules surakarta`.
 */
import type { PlanOdds } from '../../src/games/senryaku/plan-turn.ts';
import type { SkPlanOdds } from '../../src/games/surakarta/plan-turn.ts';
import { surakartaPlayersOn } from '../../src/games/surakarta/players.ts';
import { DEFAULT_SURAKARTA_SETTINGS } from '../../src/games/surakarta/referee.ts';
import { START_POSITION } from '../../src/games/surakarta/rules/index.ts';
import { SURAKARTA, parseSurakartaMatch, surakartaGame } from '../../src/games/surakarta/index.ts';
import type { SensorParameters } from '../../src/hardware/sim/sensors.ts';
import { DEFAULT_REFEREE_SETTINGS, type SenryakuRefereeSettings } from '../../src/games/senryaku/referee.ts';
import { START_SPN } from '../../src/games/senryaku/rules/index.ts';
import type { Calibration } from '../../src/sensing/calibration.ts';
import { senryakuGame } from '../../src/games/senryaku/index.ts';
import { senryakuProfileOf } from '../../src/games/senryaku/board.ts';
import { senryakuPlayersOn } from '../../src/games/senryaku/players.ts';
import { openBoard } from '../../src/app/open-board.ts';
import { RefereeApp, type RefereeAppConfig } from '../../src/app/referee-app.ts';
import type { VirtualClock } from '../../src/app/virtual-clock.ts';

export interface AutoplaySessionOptions {
  readonly seed: number;
  readonly clock: VirtualClock;
  readonly calibration: Calibration;
  readonly journalDir: string;
  /** Match settings beside the defaults (the profile is the board's). */
  readonly settings?: Partial<Omit<SenryakuRefereeSettings, 'profile'>>;
  readonly sensors?: Partial<SensorParameters>;
  readonly odds?: PlanOdds;
  readonly gamesLimit?: number;
  /** More services of the session (the match store...), as `RefereeAppConfig.services`. */
  readonly services?: RefereeAppConfig['services'];
}

export async function autoplaySession(o: AutoplaySessionOptions): Promise<RefereeApp> {
  const opened = await openBoard(
    { sim: true, seed: String(o.seed) },
    { simPosition: START_SPN, ...(o.sensors ? { simOptions: { sensors: o.sensors } } : {}), scheduler: o.clock.scheduler },
  );
  if (!opened.ok) throw new Error(opened.error.message);
  const board = opened.value;
  const sim = board.sim;
  const profile = senryakuProfileOf(board.file);
  if (!sim) throw new Error('a simulated board was opened without its simulator');
  return new RefereeApp({
    ...quietApp(o),
    board,
    game: senryakuGame({ ...DEFAULT_REFEREE_SETTINGS, ...o.settings, profile }),
    simulatedPlayers: senryakuPlayersOn(sim, profile, o.seed, o.odds, o.clock.scheduler),
  });
}

export interface SurakartaAutoplayOptions extends Omit<AutoplaySessionOptions, 'settings' | 'odds'> {
  readonly odds?: SkPlanOdds;
}

/** The same on the simulated Surakarta board: a match of games long enough that `gamesLimit` ends it. */
export async function surakartaAutoplaySession(o: SurakartaAutoplayOptions): Promise<RefereeApp> {
  const opened = await openBoard(
    { sim: true, seed: String(o.seed) },
    {
      ruleset: SURAKARTA,
      simPosition: START_POSITION,
      ...(o.sensors ? { simOptions: { sensors: o.sensors } } : {}),
      scheduler: o.clock.scheduler,
    },
  );
  if (!opened.ok) throw new Error(opened.error.message);
  const board = opened.value;
  const sim = board.sim;
  if (!sim) throw new Error('a simulated board was opened without its simulator');
  const match = parseSurakartaMatch('games:99');
  if (!match.ok) throw new Error(match.error);
  return new RefereeApp({
    ...quietApp(o),
    board,
    game: surakartaGame({ ...DEFAULT_SURAKARTA_SETTINGS, match: match.value }, board.file.profile),
    simulatedPlayers: surakartaPlayersOn(sim, o.seed, o.clock.scheduler, o.odds),
  });
}

/** What both games' sessions share: quiet outputs, no scoring board, the virtual clock. */
const quietApp = (o: Omit<AutoplaySessionOptions, 'settings' | 'odds'>) => ({
  calibration: o.calibration,
  players: { A: 'A', B: 'B' },
  journalDir: o.journalDir,
  ...(o.gamesLimit !== undefined ? { gamesLimit: o.gamesLimit } : {}),
  ...(o.services ? { services: o.services } : {}),
  io: { out: () => {}, err: () => {} },
  json: false,
  scoreboard: 'none' as const,
  source: { kind: 'sim' as const, seed: o.seed },
  scheduler: o.clock.scheduler,
});
