/**
 * Raw board lines → plausibility → sensing → referee, as one deterministic function of the
 * lines and their receive times. The live referee and `senryaku replay` both run it, so a
 * replay of a journal gives the verdicts the live run gave.
 *
 * Plausibility (`src/sensing/plausibility.ts`): a FRAME or TILT line that passed the CRC may
 * still be damaged, so a frame time that does not follow, or a tilt change, waits (one frame
 * at most) for the next line to agree before sensing sees it; gap notices keep their place
 * behind what waits. Lines go on whole, with their own receive times, so sensing sees the
 * stream it would have seen.
 *
 * Time: the referee's clock is the board's (frame timestamps, unwrapped by sensing),
 * shifted after a reboot so it never runs backward. Each frame is also a tick, so time-outs
 * (holding the board, a capture's grace) fire on board time.
 */
import { BoardLineDecoder, SequenceTracker, type Decoded, type Hello } from '../protocol/index.ts';
import type { OperatorAction, RefereeInput } from '../referee/inputs.ts';
import type { RulesetReferee } from '../referee/referee.ts';
import type { RefereeSnapshot } from '../referee/snapshot.ts';
import type { Verdict } from '../referee/verdicts.ts';
import { cellCountOf, type HardwareProfile } from '../board/profile.ts';
import type { SenryakuBoardProfile } from '../rulesets/senryaku-board.ts';
import type { Cell } from '../referee/inputs.ts';
import type { Calibration } from '../sensing/calibration.ts';
import type { SensingEvent } from '../sensing/events.ts';
import {
  admitLine,
  admitOther,
  createPlausibility,
  createSensingState,
  endBoot,
  faultsOf,
  isFaulty,
  stepSensing,
  wellStates,
  type PlausibilityCounters,
  type PlausibilityState,
  type Release,
  type SensingInput,
  type SensingOptions,
  type SensingSetup,
  type SensingState,
} from '../sensing/index.ts';
import { isSensorFaultEvent, refereeInputOf, type CellPlace } from './sensing-adapter.ts';
import { sensingSetupOf } from '../rulesets/senryaku-board.ts';
import { liveLoadsOf, type LiveLoads } from './live-loads.ts';
import type { LinkCounters } from '../hardware/link/index.ts';

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

/** A Senryaku board, described by its flat profile (as profile files and journal headers hold it). */
export interface SenryakuPipelineBoard {
  /** The game's physics for sensing (masses, balance), and the board's cells unless `hardware` is given. */
  readonly profile: SenryakuBoardProfile;
  /** The board's hardware; default: the profile's cell map (senryaku-board.ts hardwareOf). */
  readonly hardware?: HardwareProfile;
  readonly calibration: Calibration;
  readonly sensingOptions?: Partial<SensingOptions>;
}

/** Any game's board: its hardware and what the game tells sensing, as plain data. */
export interface GenericPipelineBoard {
  readonly sensing: SensingSetup;
}

export type PipelineOptions<S> = (SenryakuPipelineBoard | GenericPipelineBoard) & {
  readonly referee: RulesetReferee<S>;
  /** Referee state to continue from (a restored journal). */
  readonly refereeState?: S;
  /**
   * With refereeState: the time of the last journaled input. The referee's clock goes on
   * from there, so its timers (grace, holding) never see time run backward on a new boot.
   */
  readonly resumeAfterMs?: number;
};

const setupOf = (board: SenryakuPipelineBoard | GenericPipelineBoard): SensingSetup => {
  if ('sensing' in board) return board.sensing;
  const setup = sensingSetupOf(board.profile, board.calibration, board.sensingOptions);
  return board.hardware ? { ...setup, hardware: board.hardware } : setup;
};

/** A sensing input waiting in the plausibility step, with the host time its line arrived. */
interface Waiting {
  readonly input: SensingInput;
  readonly hostMs: number;
}

type Out = { sensing: SensingEvent[]; inputs: RefereeInput[]; verdicts: Verdict[] };

export class RefereePipeline<S> {
  private sensing: SensingState;
  private readonly setup: SensingSetup;
  private readonly plausible: PlausibilityState<Waiting>;
  private readonly sequence = new SequenceTracker();
  private bootId: number | undefined;
  /** Decodes the lines that come without the link's decoding, sized by the profile until a HELLO. */
  private readonly decoder: BoardLineDecoder;
  /** Frames since sensing (re)started, while the snapshot is still to come; undefined after it. */
  private settlingFrames: number | undefined = 0;
  /** Added to board time so the referee's clock continues across reboots. */
  private offsetMs = 0;
  private lastTimeMs = 0;
  /** Started from a restored referee state: the first snapshot says so. */
  private resumedSnapshotDue: boolean;
  state: S;

  constructor(private readonly options: PipelineOptions<S>) {
    this.setup = setupOf(options);
    this.sensing = createSensingState(this.setup);
    this.plausible = createPlausibility(this.sensing.config.options.frameRate);
    // Frames are sized by the hardware until the board's HELLO says otherwise.
    this.decoder = new BoardLineDecoder(cellCountOf(this.setup.hardware));
    this.state = options.refereeState ?? options.referee.initialState();
    this.resumedSnapshotDue = options.refereeState !== undefined;
  }

  /** Where the match stands now, as the referee sees it. */
  refereeSnapshot(): RefereeSnapshot {
    return this.options.referee.snapshot(this.state);
  }

  /** The loads sensing reads now, for a live view (the web dashboard); `link`: the link's counters to add. */
  liveLoads(link?: LinkCounters): LiveLoads {
    return liveLoadsOf(this.sensing, this.plausibility, link);
  }

  /** What the plausibility step held back, dropped and let through since the pipeline started. */
  get plausibility(): PlausibilityCounters {
    return { ...this.plausible.counters };
  }

  /**
   * One board line. `decoded`: what the link's decoder made of it, so a live line is decoded
   * once; without it (a replay, a test) the pipeline's own decoder reads the text.
   */
  feed(line: string, hostMs: number, decoded?: Decoded): PipelineOutput {
    const out: Out = { sensing: [], inputs: [], verdicts: [] };
    const parsed = decoded ?? this.decoder.decode(line);
    if (!parsed.ok) return { ...out, lineError: `${parsed.error.code}: ${parsed.error.message}` };
    const msg = parsed.value;
    if (msg.type === 'hello' && this.onHello(msg, out) === 'new-boot') return out;
    const lost = this.sequence.accept(msg.seq);
    if (lost > 0) this.deliver(admitOther(this.plausible, { input: { type: 'gap', missing: lost }, hostMs }), out);
    if (msg.type === 'frame' || msg.type === 'tilt') this.deliver(admitLine(this.plausible, msg, { input: msg, hostMs }), out);
    return out;
  }

  /** What the plausibility step lets go, into sensing in order (a frame with the tilt it was given). */
  private deliver(released: readonly Release<Waiting>[], out: Out): void {
    for (const r of released) {
      if (r.fate !== 'deliver') continue;
      const { input, hostMs } = r.item;
      if (input.type !== 'frame') {
        this.sense(input, hostMs, out);
        continue;
      }
      this.sense(r.tilt ? { ...input, tilt: r.tilt } : input, hostMs, out);
      const now = this.sensing.link.lastFrameMs + this.offsetMs;
      if (Number.isFinite(now)) {
        if (this.settlingFrames !== undefined) this.settle(now, out);
        this.judge({ type: 'tick', atMs: now }, out);
      }
    }
  }

  /**
   * An operator's action (the players agree to end the game...), judged now: on the referee's
   * clock, at the time of the latest input, so it takes its place among the board's events.
   */
  operate(action: OperatorAction): PipelineOutput {
    const out: Out = { sensing: [], inputs: [], verdicts: [] };
    this.judge({ type: 'operator', action, atMs: this.lastTimeMs }, out);
    return out;
  }

  /** A HELLO of the same boot is one more line in sequence; one of a new boot starts everything afresh. */
  private onHello(hello: Hello, out: Out): 'same-boot' | 'new-boot' {
    // A HELLO the link decoded sizes this decoder's frames too, should a line come without.
    this.decoder.noteHello(hello);
    if (this.bootId === hello.bootId) return 'same-boot';
    // A new boot: the board's clock restarted and its readings may have moved under us.
    // What the old boot left waiting is settled first, into the old boot's sensing.
    this.deliver(endBoot(this.plausible), out);
    if (this.bootId === undefined && this.options.resumeAfterMs !== undefined) this.offsetMs = this.options.resumeAfterMs + 1;
    if (this.bootId !== undefined) {
      this.offsetMs = this.lastTimeMs + 1;
      this.sensing = createSensingState(this.setup);
      this.settlingFrames = 0;
    }
    this.bootId = hello.bootId;
    this.sequence.reset();
    this.sequence.accept(hello.seq);
    return 'new-boot';
  }

  private sense(input: SensingInput, hostMs: number, out: Out): void {
    const { events } = stepSensing(this.sensing, input, hostMs);
    for (const e of events) {
      out.sensing.push(e);
      const input =
        this.settlingFrames === undefined || isSensorFaultEvent(e) ? refereeInputOf(e, this.offsetMs, this.cellPlace) : undefined;
      if (input) this.judge(input, out);
    }
  }

  /** The point a load cell weighs, or its pivot's name. */
  private readonly cellPlace = (cell: number): CellPlace => {
    const { points, pivots } = this.setup.hardware.cells;
    const well = points[cell];
    if (well !== undefined) return { well };
    const pivot = pivots[cell - points.length];
    return pivot !== undefined ? { pivot } : {};
  };

  /**
   * Faults the referee holds from before sensing (re)started that the fresh sensing does not
   * find (a cell that works again after a reboot or a restart): said cleared before the board
   * is taken, so the record never keeps a fault nobody will clear.
   */
  private clearFaultsGone(atMs: number, out: { inputs: RefereeInput[]; verdicts: Verdict[] }): void {
    for (const f of this.refereeSnapshot().sensors.faults) {
      const now = [...faultsOf(this.sensing.faults, f.cell), ...(this.sensing.zeros.drifted[f.cell] ? ['drifted' as const] : [])];
      if (now.includes(f.fault) || (f.fault !== 'drifted' && isFaulty(this.sensing.faults, f.cell))) continue;
      this.judge({ type: 'sensor', phase: 'end', fault: f.fault, cell: f.cell, ...this.cellPlace(f.cell), atMs }, out);
    }
  }

  private settle(atMs: number, out: { inputs: RefereeInput[]; verdicts: Verdict[] }): void {
    const frames = (this.settlingFrames ?? 0) + 1;
    this.settlingFrames = frames;
    if (frames < SNAPSHOT_AFTER_FRAMES) return;
    if (frames < SNAPSHOT_AT_LATEST_FRAMES && wellStates(this.sensing).includes('unsettled')) return;
    this.settlingFrames = undefined;
    this.boardSnapshot(atMs, out);
  }

  /** The whole board as sensing sees it now: occupied wells and the tilt switches. */
  private boardSnapshot(atMs: number, out: { inputs: RefereeInput[]; verdicts: Verdict[] }): void {
    this.clearFaultsGone(atMs, out);
    const occupied: Cell[] = [];
    const blind: Cell[] = [];
    wellStates(this.sensing).forEach((s, w) => {
      if (s === 'sphere' || s === 'pressed') occupied.push(w);
      else if (s === 'faulty') blind.push(w);
    });
    const { tilt } = this.sensing;
    const tipped = tilt.white ? 'white' : tilt.black ? 'black' : undefined;
    const resumed = this.resumedSnapshotDue;
    this.resumedSnapshotDue = false;
    this.judge(
      {
        type: 'snapshot',
        occupied,
        ...(tipped ? { tipped } : {}),
        ...(resumed ? { resumed: true as const } : {}),
        ...(blind.length > 0 ? { blind } : {}),
        atMs,
      },
      out,
    );
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
