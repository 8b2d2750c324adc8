/**
 * The scoring board as the referee wires it: a service that turns the verdicts on the bus
 * into pictures (model → animator → frame) for one display driver from src/hardware/scoreboard.
 *
 *   const scoreboard = createScoreboardService({ bus, trackLength: 6, port: 'auto' });
 *   await scoreboard.start();   // returns at once; a missing board is one warn notice
 */
import type { EventBus } from '../event-bus.ts';
import type { AnimationTiming } from './animator.ts';
import {
  LedScoreboard,
  MAX_LED_TRACK_LENGTH,
  VirtualScoreboard,
  type IoFactory,
  type ScoreboardDisplay,
  type SerialPortListing,
} from '../../hardware/scoreboard/index.ts';
import { ScoreboardService, type Backoff } from './service.ts';
import type { Verdict } from '../../referee/verdicts.ts';
import type { PiecesInPlay } from '../../presentation/scoreboard-model.ts';
import type { Scheduler } from '../../util/scheduler.ts';

export interface CreateScoreboardOptions {
  readonly bus: EventBus;
  /** N of the match settings. The LED board has holes for N ≤ 13. */
  readonly trackLength: number;
  /** Serial port of the Uno, or 'auto' (default) to find one by USB id. LED display only. */
  /** A device path, or 'auto'. */
  readonly port?: string;
  /** 'led' (default) drives the Uno; 'virtual' keeps a text picture (service.display.lines). */
  readonly display?: 'led' | 'virtual';
  /** Tests: the io per attempt (a MockFirmata), the port lister, timings. */
  readonly createIo?: IoFactory;
  readonly listPorts?: () => Promise<readonly SerialPortListing[]>;
  readonly timing?: AnimationTiming;
  readonly backoff?: Backoff;
  readonly readyTimeoutMs?: number;
  /** Verdicts of a resumed match's earlier journal sessions. */
  readonly history?: readonly Verdict[];
  /** The game's count of pieces in play, when its digits show them (Surakarta). */
  readonly piecesInPlay?: PiecesInPlay;
  /** Animation and reconnection timers (default the real clock). */
  readonly scheduler?: Scheduler;
}

export function createScoreboardService(o: CreateScoreboardOptions): ScoreboardService {
  const kind = o.display ?? 'led';
  // The LED board has holes 0..13: a longer track fills it (a marker stops in the last hole; the digits show the points).
  const trackLength = kind === 'led' ? Math.min(o.trackLength, MAX_LED_TRACK_LENGTH) : o.trackLength;
  const display: ScoreboardDisplay =
    kind === 'virtual'
      ? new VirtualScoreboard()
      : new LedScoreboard({
          port: o.port ?? 'auto',
          ...(o.createIo ? { createIo: o.createIo } : {}),
          ...(o.listPorts ? { listPorts: o.listPorts } : {}),
          ...(o.readyTimeoutMs !== undefined ? { readyTimeoutMs: o.readyTimeoutMs } : {}),
        });
  return new ScoreboardService({
    bus: o.bus,
    trackLength,
    display,
    ...(o.piecesInPlay ? { piecesInPlay: o.piecesInPlay } : {}),
    ...(o.timing ? { timing: o.timing } : {}),
    ...(o.backoff ? { backoff: o.backoff } : {}),
    ...(o.history ? { history: o.history } : {}),
    ...(o.scheduler ? { scheduler: o.scheduler } : {}),
  });
}

export { ScoreboardService, DEFAULT_BACKOFF, retryDelayMs, type Backoff, type ScoreboardServiceOptions } from './service.ts';
export { initialScoreboard, reduceScoreboard, type ScoreboardState, type Ending } from '../../presentation/scoreboard-model.ts';
export { composeFrame, targetHoles, stepMarkers, type AnimationPhase } from './frame.ts';
export { ScoreboardAnimator, DEFAULT_TIMING, type AnimationTiming } from './animator.ts';
