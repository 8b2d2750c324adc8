/**
 * The authoritative referee of a live board: every raw line from the link, the board's
 * first HELLO included, goes into the journal, then through the pipeline (sensing, then the
 * referee), and what comes out goes into the journal too; only once that is flushed are
 * the verdicts published on the bus. Lines come through a LinkTap, which held them while
 * the journal could not be opened yet.
 *
 * A storage fault does not stop the referee: the journal keeps what it could not write,
 * retries, and writes a fallback journal meanwhile; the fault is published at once (`storage`
 * on the bus) for every output. A verdict is said only once a journal (its own file or the
 * fallback) holds it: when neither can be written the match pauses, said, and the verdicts
 * refereed meanwhile are held until one can, then said in order.
 *
 * After the verdicts are said, an `announced` mark goes into the journal (with the next
 * flush), so a resume knows which journaled verdicts may never have been said, and says them
 * again (`repeat`).
 */
import type { LinkStateChange, RawLine } from '../hardware/link/index.ts';
import type { EventBus } from './event-bus.ts';
import type { JournalWriter } from '../journal/journal.ts';
import type { LinkTap } from './link-tap.ts';
import type { PipelineOutput, RefereePipeline } from '../pipeline/referee-pipeline.ts';
import { formatOperatorAction, type Advice, type OperatorAction } from '../referee/inputs.ts';
import type { Service } from './service.ts';
import type { Verdict } from '../referee/verdicts.ts';
import type { NumberedVerdict } from '../journal/resume.ts';

/** Test seams of the process (fault injection): never set in normal use. */
export interface RefereeServiceHooks {
  /** Called with each verdict and its seq after it is on disk and before it is said (a test kills the process here). */
  readonly beforeAnnouncing?: (seq: number, verdict: Verdict) => void;
}

export class RefereeService<S> implements Service {
  readonly name = 'referee';
  private offStorage: (() => void) | undefined;
  private lineErrors = 0;
  /** Verdicts refereed and journaled, not yet said: no journal could keep them yet. */
  private held: Verdict[] = [];
  private paused = false;
  private announcing = false;

  constructor(
    private readonly tap: LinkTap,
    private readonly pipeline: RefereePipeline<S>,
    private readonly journal: JournalWriter,
    private readonly bus: EventBus,
    /** The match's id, and how many verdicts its journal already holds (a resumed match). */
    private readonly match: { readonly id: string; verdictsBefore: number } = { id: '', verdictsBefore: 0 },
    private readonly hooks: RefereeServiceHooks = {},
  ) {}

  async start(): Promise<void> {
    this.offStorage = this.journal.onStorage((e) => {
      this.bus.emit('storage', e);
      // A journal takes writes again: what the pause held is said now.
      if (e.kind === 'fallback' || e.kind === 'recovered') this.announceHeld(this.since(this.tap.clock.now()));
    });
    this.tap.attach((e) => (e.kind === 'line' ? this.onLine(e.raw) : this.onState(e.change, e.atMs)));
  }

  async stop(): Promise<void> {
    this.tap.detach();
    this.announceHeld(this.since(this.tap.clock.now()));
    this.journal.flush();
    this.offStorage?.();
    this.offStorage = undefined;
  }

  get badLines(): number {
    return this.lineErrors;
  }

  /** Journal time: ms since this run's journal session started, to 0.01 ms (the pipeline sees exactly what the journal keeps). */
  private since(atMs: number): number {
    return Math.round((atMs - this.tap.startedAtMs) * 100) / 100;
  }

  private onState(s: LinkStateChange, atMs: number): void {
    const detail = 'message' in s ? s.message : 'reason' in s ? s.reason : undefined;
    this.journal.append({ kind: 'note', t: this.since(atMs), message: `link ${s.state}${detail ? `: ${detail}` : ''}` });
    this.bus.emit('link', { state: s.state, ...(detail ? { detail } : {}), ...(s.state === 'ready' ? { boardId: s.hello.boardId } : {}) });
  }

  /** An operator's action: journalled in its place among the lines, then judged like them. */
  operate(action: OperatorAction): PipelineOutput {
    const t = this.since(this.tap.clock.now());
    this.journal.append({ kind: 'operator', t, action: formatOperatorAction(action) });
    const out = this.pipeline.operate(action);
    this.publish(t, out);
    return out;
  }

  /**
   * An engine's advice: judged among the lines, and journaled as the referee input it makes
   * (the `input` record is what replay feeds back, and what a resume rebuilds from).
   */
  advise(advice: Advice): PipelineOutput {
    const out = this.pipeline.advise(advice);
    this.publish(this.since(this.tap.clock.now()), out);
    return out;
  }

  private onLine(raw: RawLine): void {
    if (raw.direction === 'oversize') {
      this.journal.append({ kind: 'note', t: this.since(raw.atMs), message: `oversize line dropped (${raw.droppedBytes} bytes)` });
      return;
    }
    const t = this.since(raw.atMs);
    this.journal.append({ kind: 'line', t, dir: raw.direction, line: raw.line });
    if (raw.direction !== 'in') return;
    const out = this.pipeline.feed(raw.line, t, raw.decoded);
    if (out.lineError) this.lineErrors++;
    this.publish(t, out);
  }

  /** Journals what the pipeline made of a line or an action, then (once on disk) tells the bus. */
  private publish(t: number, out: PipelineOutput): void {
    // A fault of the board's stream (refused frames, a HELLO naming another board) is said at
    // once on every output and kept in the journal (a replay of the lines says it again).
    for (const message of out.notes ?? []) {
      this.journal.append({ kind: 'note', t, message });
      this.bus.emit('notice', { level: 'warn', message });
    }
    for (const event of out.sensing) this.journal.append({ kind: 'sensing', t, event });
    for (const input of out.inputs) this.journal.append({ kind: 'input', t, input });
    for (const verdict of out.verdicts) this.journal.append({ kind: 'verdict', t, verdict });
    for (const event of out.sensing) this.bus.emit('sensing', event);
    for (const input of out.inputs) this.bus.emit('refereeInput', input);
    if (out.verdicts.length === 0) return;
    this.held.push(...out.verdicts);
    this.announceHeld(t);
  }

  /**
   * Says the verdicts held, in order, once a journal holds them (the flush is the durability
   * point); else the match is paused, which is said once, and refereeing goes on into memory.
   * A listener may referee more while they are said (an operator's action typed in reply):
   * those are said next, by the same call.
   */
  private announceHeld(t: number): void {
    if (this.announcing) return; // a storage event during the flush, or a verdict refereed while saying: this call goes on
    this.announcing = true;
    try {
      while (this.held.length > 0) {
        if (!this.journal.flush()) {
          if (!this.paused)
            this.bus.emit('notice', {
              level: 'error',
              message:
                'MATCH PAUSED: neither the journal nor a fallback journal can be written, so no verdict is said until one can ' +
                '(the referee goes on watching the board and keeps what it sees in memory)',
            });
          this.paused = true;
          return;
        }
        const verdicts = this.held;
        this.held = [];
        if (this.paused)
          this.bus.emit('notice', {
            level: 'warn',
            message: `the match goes on: the journal ${this.journal.status().path} keeps the verdicts again; ${verdicts.length} refereed during the pause are said now`,
          });
        this.paused = false;
        for (const verdict of verdicts) {
          const seq = ++this.match.verdictsBefore;
          this.hooks.beforeAnnouncing?.(seq, verdict);
          this.bus.emit('verdict', verdict);
          this.bus.emit('logged', { matchId: this.match.id, seq, verdict });
        }
        this.markAnnounced(t);
        // A match said to be over is over on disk too: a resume then has nothing to say again.
        if (verdicts.some((v) => v.type === 'match-over')) this.journal.flush();
      }
    } finally {
      this.announcing = false;
    }
  }

  /**
   * Says again, on every output that announces (`logged`, marked repeated), verdicts a past
   * session journaled but perhaps never said. The game's own services (players, scoring
   * board) are not told: the resumed state already holds them.
   */
  repeat(verdicts: readonly NumberedVerdict[]): void {
    if (verdicts.length === 0) return;
    for (const { seq, verdict } of verdicts) this.bus.emit('logged', { matchId: this.match.id, seq, verdict, repeated: true });
    this.markAnnounced(this.since(this.tap.clock.now()));
  }

  /** Everything up to the last seq is said; the mark reaches the disk with the next flush (a crash before it only means a repeat). */
  private markAnnounced(t: number): void {
    this.journal.append({ kind: 'announced', t, seq: this.match.verdictsBefore });
  }
}
