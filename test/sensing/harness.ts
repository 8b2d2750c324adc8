/** Feeds a synthetic board through the pipeline and keeps every event with its frame index. */
import type { SensingEvent, SensingEventType } from '../../src/sensing/events.ts';
import { createSensingState, stepSensing, type SensingState } from '../../src/sensing/pipeline.ts';
import type { SensingOptions } from '../../src/sensing/options.ts';
import type { SynthBoard } from './synth.ts';

export interface Logged {
  readonly frame: number;
  /** Board time of the frame the event came out of. */
  readonly frameMs: number;
  readonly event: SensingEvent;
}

export class Harness {
  readonly state: SensingState;
  readonly log: Logged[] = [];
  frames = 0;

  constructor(
    readonly board: SynthBoard,
    options: Partial<SensingOptions> = {},
  ) {
    this.state = createSensingState(board.setup(options));
  }

  /** Runs `ms` of board time (at least one frame). */
  run(ms: number): SensingEvent[] {
    const from = this.log.length;
    const until = this.board.t + ms;
    do {
      const f = this.board.next();
      const { events } = stepSensing(this.state, f, this.board.t);
      for (const event of events) this.log.push({ frame: this.frames, frameMs: f.ms, event });
      this.frames++;
    } while (this.board.t < until);
    return this.log.slice(from).map((l) => l.event);
  }

  /** Frames lost on the link: generated, never delivered. */
  drop(n: number): void {
    for (let i = 0; i < n; i++) this.board.next();
  }

  of<T extends SensingEventType>(type: T): Extract<SensingEvent, { type: T }>[] {
    return this.log.map((l) => l.event).filter((e): e is Extract<SensingEvent, { type: T }> => e.type === type);
  }

  types(): SensingEventType[] {
    return this.log.map((l) => l.event.type);
  }
}

/** A harness after 1 s of a still board with spheres on `wells`, its start-up events cleared. */
export function settledHarness(board: SynthBoard, wells: readonly number[] = [], options: Partial<SensingOptions> = {}): Harness {
  for (const w of wells) board.put(w);
  const h = new Harness(board, options);
  h.run(1000);
  h.log.length = 0;
  return h;
}
