/**
 * SIGINT and SIGTERM as a clean stop of the run, from the moment this service starts (just
 * before the first match: starting one already says things, a resume says again what a kill
 * left unsaid, and a SIGTERM then must not kill the process in the middle of it). Before it,
 * a signal ends the process as Node's default does; after the first one, or once the run is
 * finished, a second signal does too.
 */
import type { Service } from '../../app/service.ts';

export class StopSignals implements Service {
  readonly name = 'stop-signals';
  private heard: (() => void) | undefined;
  /** Resolves at the first SIGINT or SIGTERM after start(). */
  readonly received: Promise<'interrupted'>;
  private onSignal: () => void = () => {};

  constructor() {
    this.received = new Promise((resolve) => (this.heard = () => resolve('interrupted')));
  }

  async start(): Promise<void> {
    this.onSignal = () => {
      void this.stop();
      this.heard?.();
    };
    process.once('SIGINT', this.onSignal).once('SIGTERM', this.onSignal);
  }

  /** From here on a signal ends the process again (the run is finished, or stopping). */
  async stop(): Promise<void> {
    process.off('SIGINT', this.onSignal).off('SIGTERM', this.onSignal);
  }
}
