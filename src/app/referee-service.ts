/**
 * The authoritative referee of a live board: every raw line from the link goes into the
 * journal, through the pipeline (sensing, then the referee), and what comes out goes into
 * the journal too; only once that is on disk are the verdicts published on the bus.
 */
import type { BoardLink, RawLine } from '../hardware/link/index.ts';
import type { EventBus } from './event-bus.ts';
import type { JournalWriter } from './journal.ts';
import type { RefereePipeline } from './referee-pipeline.ts';
import type { Service } from './service.ts';

export class RefereeService<S> implements Service {
  readonly name = 'referee';
  private unsubscribe: (() => void)[] = [];
  private lineErrors = 0;

  constructor(
    private readonly link: BoardLink,
    private readonly pipeline: RefereePipeline<S>,
    private readonly journal: JournalWriter,
    private readonly bus: EventBus,
    /** The host clock the link dates lines with. */
    private readonly now: () => number,
    /** Host time origin of the journal's `t`. */
    private readonly originMs: number = now(),
  ) {}

  async start(): Promise<void> {
    this.unsubscribe.push(
      this.link.on('line', (raw) => this.onLine(raw)),
      this.link.on('state', (s) => {
        const detail = 'message' in s && typeof s.message === 'string' ? s.message : undefined;
        this.journal.append({ kind: 'note', t: this.since(this.now()), message: `link ${s.state}${detail ? `: ${detail}` : ''}` });
        this.bus.emit('link', { state: s.state, ...(detail ? { detail } : {}), ...(this.link.hello ? { boardId: this.link.hello.boardId } : {}) });
      }),
    );
  }

  async stop(): Promise<void> {
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    this.journal.flush();
  }

  /** Journal time: ms since the origin, to 0.01 ms (the pipeline sees exactly what the journal keeps). */
  private since(atMs: number): number {
    return Math.round((atMs - this.originMs) * 100) / 100;
  }

  get badLines(): number {
    return this.lineErrors;
  }

  private onLine(raw: RawLine): void {
    if (raw.direction === 'oversize') {
      this.journal.append({ kind: 'note', t: this.since(raw.atMs), message: `oversize line dropped (${raw.droppedBytes} bytes)` });
      return;
    }
    const t = this.since(raw.atMs);
    this.journal.append({ kind: 'line', t, dir: raw.direction, line: raw.line });
    if (raw.direction !== 'in') return;
    const out = this.pipeline.feed(raw.line, t);
    if (out.lineError) this.lineErrors++;
    for (const event of out.sensing) this.journal.append({ kind: 'sensing', t, event });
    for (const input of out.inputs) this.journal.append({ kind: 'input', t, input });
    for (const verdict of out.verdicts) this.journal.append({ kind: 'verdict', t, verdict });
    if (out.verdicts.length > 0) this.journal.flush();
    for (const event of out.sensing) this.bus.emit('sensing', event);
    for (const input of out.inputs) this.bus.emit('refereeInput', input);
    for (const verdict of out.verdicts) this.bus.emit('verdict', verdict);
  }
}
