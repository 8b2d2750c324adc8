/**
 * Holds everything a board link says from the moment it starts until the referee is ready
 * to take it. The referee needs the board's HELLO before it can open the journal (the
 * HELLO names the board, and so its calibration), yet the HELLO and the lines after it
 * must reach the journal and the pipeline like every other line: a real Mega resets when
 * its port is opened, so its first HELLO is the one that dates the boot. The tap keeps the
 * lines and state changes in order; `attach` hands over what it holds, then passes the
 * rest through as it comes.
 */
import type { BoardLink, LinkStateChange, RawLine } from '../hardware/link/index.ts';
import { realScheduler, type Scheduler } from '../util/scheduler.ts';

/** A line (dated by the link), or a state change dated by the tap when it happened, not when it is handed over. */
export type TappedEvent =
  { readonly kind: 'line'; readonly raw: RawLine } | { readonly kind: 'state'; readonly change: LinkStateChange; readonly atMs: number };

/**
 * A guard, not a limit in practice: the referee takes over within the 30 s it waits for the
 * board's HELLO (2,400 frames at most); past this the oldest frames would be stale anyway.
 */
const MAX_HELD = 100_000;

export class LinkTap {
  private held: TappedEvent[] = [];
  private consumer: ((e: TappedEvent) => void) | undefined;
  private offs: (() => void)[] = [];

  /** Host time when the tap started: the journal's time origin for this run's session of it. */
  startedAtMs = 0;

  constructor(
    readonly link: BoardLink,
    /** The host clock the link dates lines with (the run's). */
    readonly clock: Scheduler = realScheduler,
  ) {}

  /** Subscribes; call before `link.start()` so not a line is missed. */
  start(): void {
    if (this.offs.length > 0) return;
    this.startedAtMs = this.clock.now();
    this.offs.push(
      this.link.on('line', (raw) => this.deliver({ kind: 'line', raw })),
      this.link.on('state', (change) => this.deliver({ kind: 'state', change, atMs: this.clock.now() })),
    );
  }

  /** Hands over the held events in order, then every new one. One consumer at a time. */
  attach(consumer: (e: TappedEvent) => void): void {
    this.consumer = consumer;
    const held = this.held;
    this.held = [];
    for (const e of held) consumer(e);
  }

  detach(): void {
    this.consumer = undefined;
  }

  stop(): void {
    for (const off of this.offs) off();
    this.offs = [];
    this.consumer = undefined;
  }

  private deliver(e: TappedEvent): void {
    if (this.consumer) {
      this.consumer(e);
      return;
    }
    this.held.push(e);
    if (this.held.length > MAX_HELD) this.held.shift();
  }
}
