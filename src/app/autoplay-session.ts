/**
 * The whole `senryaku referee --sim --autoplay` stack (simulated board → serial link →
 * pipeline → referee → bus, with the simulated players), built quietly on a virtual clock:
 * what the benches and the accuracy sweep referee games with. Not started: the caller
 * listens on `app.bus`, then starts it and drives the clock.
 */
import type { PlanOdds } from './autoplay/plan-turn.ts';
import type { SensorParameters } from '../hardware/sim/sensors.ts';
import { DEFAULT_REFEREE_SETTINGS, type SenryakuRefereeSettings } from '../referee/senryaku/settings.ts';
import { START_SPN } from '../rules/senryaku/index.ts';
import type { Calibration } from '../sensing/calibration.ts';
import { senryakuGame } from '../rulesets/senryaku.ts';
import { senryakuProfileOf } from '../rulesets/senryaku-board.ts';
import { simulatedPlayersOn } from './autoplay/autoplayer.ts';
import { openBoard } from './open-board.ts';
import { RefereeApp, type RefereeAppConfig } from './referee-app.ts';
import type { VirtualClock } from './virtual-clock.ts';

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
    board,
    calibration: o.calibration,
    game: senryakuGame({ ...DEFAULT_REFEREE_SETTINGS, ...o.settings, profile }),
    players: { A: 'A', B: 'B' },
    journalDir: o.journalDir,
    simulatedPlayers: simulatedPlayersOn(sim, profile, o.seed, o.odds, o.clock.scheduler),
    ...(o.gamesLimit !== undefined ? { gamesLimit: o.gamesLimit } : {}),
    ...(o.services ? { services: o.services } : {}),
    io: { out: () => {}, err: () => {} },
    json: false,
    scoreboard: 'none',
    source: { kind: 'sim', seed: o.seed },
    scheduler: o.clock.scheduler,
  });
}
