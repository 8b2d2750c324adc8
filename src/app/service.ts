/**
 * The one shape of every part of a referee run with a lifecycle (as zigbee2mqtt's extensions):
 * a constructor that only assigns, `start()` and `stop()` that do the work. A service of the
 * run that also hears each match (the match store, MQTT, the dashboard) has `attach`/`detach`:
 * the match calls them, so the service listens on that match's bus from its start to its stop.
 * The services of a match itself (terminal, referee, scoring board, simulated players) are made
 * for it, and started and stopped with it.
 */
import type { Scheduler } from '../util/scheduler.ts';
import type { TextOutput } from '../util/text-output.ts';
import type { MatchContext } from './match-context.ts';

export interface Service {
  readonly name: string;
  start(): Promise<void>;
  /** Releases everything start() took: listeners, timers, ports, files. Safe to call twice. */
  stop(): Promise<void>;
  /** A match began (or was resumed): the service hears it, from its bus, until `detach`. */
  attach?(match: MatchContext): void;
  /** The match stopped (ended, replaced by a new one, or the board is being calibrated). */
  detach?(): void;
}

export type NoticeLevel = 'info' | 'warn' | 'error';

/**
 * What a service of a run is handed: its part of the run's settings, the run's clock, and the
 * outputs. A match's own events come with the match (`attach`): a bus is a match's, so that
 * its verdict log hears every verdict before any service does.
 */
export interface ServiceContext<Settings> {
  readonly settings: Settings;
  /** The run's clock and timers (virtual on the simulated board). */
  readonly scheduler: Scheduler;
  /** The terminal: verdicts on `out`; what the person at the board reads (prompts, addresses) on `err`. */
  readonly io: TextOutput;
  /** What a person should know: said on the match being refereed (every output hears it), else on the terminal. */
  notice(level: NoticeLevel, message: string): void;
}

/**
 * A service could not start, for a reason it says in one sentence (a taken port, no board
 * answering): the run stops. `badInput`: the user's doing (a stored file that is not what
 * it should be), not the machine's.
 */
export class ServiceStartError extends Error {
  override readonly name = 'ServiceStartError';
  constructor(
    message: string,
    readonly badInput = false,
  ) {
    super(message);
  }
}
