/**
 * Raw board lines → sensing → referee, as one deterministic function of the lines and
 * their receive times. The live referee and `senryaku replay` both run it, so a replay
 * of a journal gives the verdicts the live run gave.
 *
 * Time: the referee's clock is the board's (frame timestamps, unwrapped by sensing),
 * shifted after a reboot so it never runs backward. Each frame is also a tick, so time-outs
 * (holding the board, a capture's grace) fire on board time.
 */
import { isNewerMs } from '../hardware/link/frame-order.ts';
import { parseBoardLine, SequenceTracker, type Hello } from '../hardware/protocol/index.ts';
import type { RefereeInput } from '../referee/inputs.ts';
import type { RulesetReferee } from '../referee/referee.ts';
import type { Verdict } from '../referee/verdicts.ts';
import type { BoardProfile } from '../rules/senryaku/profile.ts';
import type { Well } from '../rules/senryaku/types.ts';
import type { Calibration } from '../sensing/calibration.ts';
import type { SensingEvent } from '../sensing/events.ts';
import { createSensingState, stepSensing, wellStates, type SensingOptions, type SensingState } from '../sensing/index.ts';
import { refereeInputOf } from './sensing-adapter.ts';

/**
 * After sensing (re)starts, its first events describe the board as found, not anyone's
 * action: they are held back, and once every well has settled (at least this many frames)
 * the referee gets the whole board at once as a snapshot.
 */
export const SNAPSHOT_AFTER_FRAMES = 40;
/** ...or after this many frames even if some well is still moving (a hand over the board). */
export const SNAPSHOT_AT_LATEST_FRAMES = 400;

export interface PipelineOutput {
  readonly sensing: SensingEvent[];
  readonly inputs: RefereeInput[];
  readonly verdicts: Verdict[];
  /** Set when the line could not be decoded (it is counted, never fatal). */
  readonly lineError?: string;
}

export interface PipelineOptions<S> {
  readonly profile: BoardProfile;
  readonly calibration: Calibration;
  readonly referee: RulesetReferee<S>;
  readonly sensingOptions?: Partial<SensingOptions>;
  /** Referee state to continue from (a restored journal). */
  readonly refereeState?: S;
  /**
   * With refereeState: the time of the last journaled input. The referee's clock goes on
   * from there, so its timers (grace, holding) never see time run backward on a new boot.
   */
  readonly resumeAfterMs?: number;
}

export class RefereePipeline<S> {
  private sensing: SensingState;
  private readonly sequence = new SequenceTracker();
  private bootId: number | undefined;
  private cellCount: number;
  /** Frames since sensing (re)started, while the snapshot is still to come; undefined after it. */
  private settlingFrames: number | undefined = 0;
  /** Added to board time so the referee's clock continues across reboots. */
  private offsetMs = 0;
  private lastTimeMs = 0;
  /** Started from a restored referee state: the first snapshot says so. */
  private resumedSnapshotDue: boolean;
  /** Board time of the last frame taken, to drop the repeats a reconnect can bring. */
  private lastFrameMs: number | undefined;
  state: S;

  constructor(private readonly options: PipelineOptions<S>) {
    this.sensing = createSensingState(options.profile, options.calibration, options.sensingOptions);
    this.cellCount = (options.profile.cells?.wells.length ?? 42) + (options.profile.cells?.pivots.length ?? 2);
    this.state = options.refereeState ?? options.referee.initialState();
    this.resumedSnapshotDue = options.refereeState !== undefined;
  }

  feed(line: string, hostMs: number): PipelineOutput {
    const out = { sensing: [] as SensingEvent[], inputs: [] as RefereeInput[], verdicts: [] as Verdict[] };
    const parsed = parseBoardLine(line, { cellCount: this.cellCount });
    if (!parsed.ok) return { ...out, lineError: `${parsed.error.code}: ${parsed.error.message}` };
    const msg = parsed.value;
    if (msg.type === 'hello' && this.onHello(msg) === 'new-boot') return out;
    const lost = this.sequence.accept(msg.seq);
    if (lost > 0) this.sense({ type: 'gap', missing: lost }, hostMs, out);
    if (msg.type === 'frame') {
      if (this.lastFrameMs !== undefined && !isNewerMs(msg.ms, this.lastFrameMs)) return out;
      this.lastFrameMs = msg.ms;
      this.sense(msg, hostMs, out);
      const now = this.sensing.link.lastFrameMs + this.offsetMs;
      if (Number.isFinite(now)) {
        if (this.settlingFrames !== undefined) this.settle(now, out);
        this.judge({ type: 'tick', atMs: now }, out);
      }
    } else if (msg.type === 'tilt') this.sense(msg, hostMs, out);
    return out;
  }

  /** A HELLO of the same boot is one more line in sequence; one of a new boot starts everything afresh. */
  private onHello(hello: Hello): 'same-boot' | 'new-boot' {
    this.cellCount = hello.wellCells + hello.pivotCells;
    if (this.bootId === hello.bootId) return 'same-boot';
    // A new boot: the board's clock restarted and its readings may have moved under us.
    this.lastFrameMs = undefined;
    if (this.bootId === undefined && this.options.resumeAfterMs !== undefined) this.offsetMs = this.options.resumeAfterMs + 1;
    if (this.bootId !== undefined) {
      this.offsetMs = this.lastTimeMs + 1;
      this.sensing = createSensingState(this.options.profile, this.options.calibration, this.options.sensingOptions);
      this.settlingFrames = 0;
    }
    this.bootId = hello.bootId;
    this.sequence.reset();
    this.sequence.accept(hello.seq);
    return 'new-boot';
  }

  private sense(input: Parameters<typeof stepSensing>[1], hostMs: number, out: { sensing: SensingEvent[]; inputs: RefereeInput[]; verdicts: Verdict[] }): void {
    const { events } = stepSensing(this.sensing, input, hostMs);
    for (const e of events) {
      out.sensing.push(e);
      const input = this.settlingFrames === undefined ? refereeInputOf(e, this.offsetMs) : undefined;
      if (input) this.judge(input, out);
    }
  }

  private settle(atMs: number, out: { inputs: RefereeInput[]; verdicts: Verdict[] }): void {
    const frames = (this.settlingFrames ?? 0) + 1;
    this.settlingFrames = frames;
    if (frames < SNAPSHOT_AFTER_FRAMES) return;
    if (frames < SNAPSHOT_AT_LATEST_FRAMES && wellStates(this.sensing).includes('unsettled')) return;
    this.settlingFrames = undefined;
    this.snapshot(atMs, out);
  }

  /** The whole board as sensing sees it now: occupied wells and the tilt switches. */
  private snapshot(atMs: number, out: { inputs: RefereeInput[]; verdicts: Verdict[] }): void {
    const occupied: Well[] = [];
    wellStates(this.sensing).forEach((s, w) => {
      if (s === 'sphere' || s === 'pressed') occupied.push(w);
    });
    const { tilt } = this.sensing;
    const tipped = tilt.white ? 'white' : tilt.black ? 'black' : undefined;
    const resumed = this.resumedSnapshotDue;
    this.resumedSnapshotDue = false;
    this.judge({ type: 'snapshot', occupied, ...(tipped ? { tipped } : {}), ...(resumed ? { resumed: true as const } : {}), atMs }, out);
  }

  private judge(input: RefereeInput, out: { inputs: RefereeInput[]; verdicts: Verdict[] }): void {
    this.lastTimeMs = Math.max(this.lastTimeMs, input.atMs);
    const step = this.options.referee.step(this.state, input);
    this.state = step.state;
    // Ticks that change nothing are not worth keeping: every state change comes with a verdict.
    if (input.type !== 'tick' || step.verdicts.length > 0) out.inputs.push(input);
    out.verdicts.push(...step.verdicts);
  }
}
