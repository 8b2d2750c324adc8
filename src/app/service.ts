/** A part of the running referee with a lifecycle: constructors only assign, start/stop do the work. */
export interface Service {
  readonly name: string;
  start(): Promise<void>;
  /** Releases everything start() took: listeners, timers, ports, files. Safe to call twice. */
  stop(): Promise<void>;
}
