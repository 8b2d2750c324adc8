/**
 * Raw board lines → plausibility → sensing → referee, as one deterministic function of the
 * lines and their receive times. The live referee and `senryaku replay` both run it, so a
 * replay of a journal gives the verdicts the live run gave.
 *
 * Plausibility (`src/sensing/plausibility.ts`): a FRAME or TILT line that passed the CRC may
 * still be damaged, so a frame time that does not follow, or a tilt change, waits (one frame
 * at most) for the next line to agree before sensing sees it; gap notices keep their place
 * behind what waits. A frame whose board time runs ahead of the host's receive clock (a jump
 * the host did not see, a flood) is refused and said (`notes`), never a reference. Lines go
 * on whole, with their own receive times, so sensing sees the stream it would have seen.
 *
 * Time: the referee's clock is the host's session clock. Each boot's board time (unwrapped
 * by sensing) is anchored to the receive time of its first frame, so board time keeps its
 * precision within a boot while verdicts are dated on the session's clock, never behind an
 * earlier verdict; a board's claim about time never moves the referee's clock on its own.
 * Each frame is also a tick, so time-outs (holding the board, a capture's grace) fire on it.
 *
 * The board unheard: after a reboot, a reconnect, a gap in the frames longer than
 * UNHEARD_AFTER_MS (a stall, lost or refused lines) or a new time line, what sensing sees
 * first describes the board as found, not an action: its events are held back and, once
 * the wells have settled, the referee gets the whole board as a snapshot that says since
 * when the board was not heard, and reconciles it with the game (referee/unheard.ts). A
 * HELLO that contradicts the match's board (another board id or cell count) is refused,
 * said, and refereed as a reconnect: once the wells settle the referee checks the board.
 */
import { BoardLineDecoder, SequenceTracker, type Decoded, type Hello } from '../protocol/index.ts';
import type { Advice, OperatorAction, RefereeInput } from '../referee/inputs.ts';
import type { RulesetReferee } from '../referee/referee.ts';
import type { RefereeSnapshot } from '../referee/snapshot.ts';
import type { Verdict } from '../referee/verdicts.ts';
import { cellCountOf } from '../board/profile.ts';
import type { Cell } from '../referee/inputs.ts';
import type { SensingEvent } from '../sensing/events.ts';
import {
  admitLine,
  admitOther,
  clockRefusal,
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
  type SensingSetup,
  type SensingState,
} from '../sensing/index.ts';
import { isSensorFaultEvent, refereeInputOf, type CellPlace } from './sensing-adapter.ts';
import { liveLoadsOf, type LiveLoads } from './live-loads.ts';
import type { LinkCounters } from '../hardware/link/index.ts';
import { boardDeltaMs } from '../protocol/board-time.ts';
import { StreamNotes, describeContradiction } from './stream-notes.ts';

/**
 * After sensing (re)starts, its first events describe the board as found, not anyone's
 * action: they are held back, and once every well has settled (at least this many frames)
 * the referee gets the whole board at once as a snapshot.
 */
export const SNAPSHOT_AFTER_FRAMES = 40;
/** ...or after this many frames even if some well is still moving (a hand over the board). */
export const SNAPSHOT_AT_LATEST_FRAMES = 400;
/**
 * Frames missing for longer than this (board time) and the board was not heard: a lift and a
 * placement, or a whole capture, may have happened unseen, and what sensing reports next is
 * the board as found. Two actions by hand take longer than this, so in a shorter gap (lines
 * lost to noise, a short stall) at most one happened, and sensing follows it as usual.
 */
export const UNHEARD_AFTER_MS = 250;

export interface PipelineOutput {
  readonly sensing: SensingEvent[];
  readonly inputs: RefereeInput[];
  readonly verdicts: Verdict[];
  /** Set when the line could not be decoded (it is counted, never fatal). */
  readonly lineError?: string;
  /** Faults of the board's stream to say (refused frames, a contradicting HELLO, a new time line); absent when none. */
  readonly notes?: string[];
}

/** The board as sensing needs it: its hardware and what its game tells sensing (masses, balance), as plain data from the game's descriptor. */
export interface PipelineBoard {
  readonly sensing: SensingSetup;
}

export type PipelineOptions<S> = PipelineBoard & {
  readonly referee: RulesetReferee<S>;
  /** Referee state to continue from (a restored journal). */
  readonly refereeState?: S;
  /**
   * With refereeState: the time of the last journaled input. The referee's clock goes on
   * from there, so its timers (grace, holding) never see time run backward on a new boot.
   */
  readonly resumeAfterMs?: number;
};

/** A sensing input waiting in the plausibility step, with the host time its line arrived. */
interface Waiting {
  readonly input: SensingInput;
  readonly hostMs: number;
}

type Out = { sensing: SensingEvent[]; inputs: RefereeInput[]; verdicts: Verdict[]; notes: string[] };

/** After sensing (re)starts or the board was unheard: what the pipeline waits for before the snapshot. */
interface Settling {
  frames: number;
  /** Sensing's events reach the referee only through the snapshot (the board as found); false: a check after a contradicting HELLO. */
  readonly holdEvents: boolean;
  /** Referee time of the last frame heard before the board went unheard (absent at start-up). */
  readonly unheardSinceMs?: number;
}

/** The board the match is played on, as its first HELLO of this session named it. */
type BoardIdentity = Pick<Hello, 'boardId' | 'wellCells' | 'pivotCells'>;

export class RefereePipeline<S> {
  private sensing: SensingState;
  private readonly setup: SensingSetup;
  private readonly plausible: PlausibilityState<Waiting>;
  private readonly sequence = new SequenceTracker();
  private bootId: number | undefined;
  /** Decodes the lines that come without the link's decoding, sized by the profile until a HELLO. */
  private readonly decoder: BoardLineDecoder;
  /** While the snapshot is still to come after sensing (re)started or the board was unheard. */
  private settling: Settling | undefined = { frames: 0, holdEvents: true };
  /** Added to sensing's board time to give the referee's clock (the session's). */
  private offsetMs = 0;
  /** Sensing (re)started: the next frame or TILT line anchors its board time to the session's clock. */
  private anchorDue = true;
  /** The session clock's origin on the referee's clock (past the last input of an earlier session when resumed). */
  private readonly baseMs: number;
  private lastTimeMs: number;
  /** Board ms of the last frame sensing got (this sensing state), and its time on the referee's clock. */
  private lastFrame: { readonly boardMs: number; readonly atMs: number } | undefined;
  /** The match's board, from the first HELLO; a HELLO contradicting it is refused. */
  private board: BoardIdentity | undefined;
  private readonly notes = new StreamNotes();
  /** Started from a restored referee state: the first snapshot says so. */
  private resumedSnapshotDue: boolean;
  state: S;

  constructor(private readonly options: PipelineOptions<S>) {
    this.setup = options.sensing;
    this.sensing = createSensingState(this.setup);
    this.plausible = createPlausibility(this.sensing.config.options.frameRate);
    // Frames are sized by the hardware until the board's HELLO says otherwise.
    this.decoder = new BoardLineDecoder(cellCountOf(this.setup.hardware));
    this.state = options.refereeState ?? options.referee.initialState();
    this.resumedSnapshotDue = options.refereeState !== undefined;
    this.baseMs = options.resumeAfterMs !== undefined ? options.resumeAfterMs + 1 : 0;
    this.lastTimeMs = options.resumeAfterMs ?? 0;
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
    const out: Out = { sensing: [], inputs: [], verdicts: [], notes: [] };
    const parsed = this.decode(line, decoded);
    if (!parsed.ok) return this.finish(out, hostMs, `${parsed.error.code}: ${parsed.error.message}`);
    const msg = parsed.value;
    if (msg.type === 'hello') {
      const contradiction = this.contradiction(msg);
      if (contradiction) {
        this.refuseHello(msg, contradiction, out);
        return this.finish(out, hostMs);
      }
      if (this.onHello(msg, out) === 'new-boot') return this.finish(out, hostMs);
    }
    // A frame refused for its time (ahead of the host's clock, a flood) is no line of the
    // board's stream: its sequence number does not count, so a flood makes no gaps either.
    const refused = msg.type === 'frame' && clockRefusal(this.plausible, msg, hostMs) !== undefined;
    const lost = refused ? 0 : this.sequence.accept(msg.seq);
    if (lost > 0) this.deliver(admitOther(this.plausible, { input: { type: 'gap', missing: lost }, hostMs }), out);
    if (msg.type === 'frame' || msg.type === 'tilt') this.deliver(admitLine(this.plausible, msg, { input: msg, hostMs }, hostMs), out);
    return this.finish(out, hostMs);
  }

  /**
   * The link's decoding of a line when it decoded with the frame size this pipeline expects
   * (the link may have taken a HELLO this pipeline refuses); else this pipeline's own. A
   * replay, which has only the text, then decodes exactly as the live run did.
   */
  private decode(line: string, decoded: Decoded | undefined): Decoded {
    if (decoded && !(decoded.ok && decoded.value.type === 'frame' && decoded.value.cells.length !== this.decoder.cellCount)) {
      if (decoded.ok && decoded.value.type === 'hello') this.decoder.noteHello(decoded.value);
      return decoded;
    }
    return this.decoder.decode(line);
  }

  /** Notes said about the stream, and the line's error, on the output. */
  private finish(out: Out, hostMs: number, lineError?: string): PipelineOutput {
    out.notes.push(...this.notes.afterLine(this.plausible.counters, this.plausible.lastRefusal, hostMs));
    const { notes, ...rest } = out;
    return { ...rest, ...(lineError !== undefined ? { lineError } : {}), ...(notes.length > 0 ? { notes } : {}) };
  }

  /** What the plausibility step lets go, into sensing in order (a frame with the tilt it was given). */
  private deliver(released: readonly Release<Waiting>[], out: Out): void {
    for (const r of released) {
      if (r.fate === 'reanchor') {
        out.notes.push(this.notes.reanchored(r.leadMs));
        this.restartSensing(true);
        continue;
      }
      if (r.fate !== 'deliver') continue;
      const { input, hostMs } = r.item;
      if (input.type !== 'frame') {
        if (input.type === 'tilt') this.anchor(input.ms, hostMs);
        this.sense(input, hostMs, out);
        continue;
      }
      this.anchor(input.ms, hostMs);
      this.noteUnheardGap(input.ms);
      this.sense(r.tilt ? { ...input, tilt: r.tilt } : input, hostMs, out);
      const now = this.sensing.link.lastFrameMs + this.offsetMs;
      if (Number.isFinite(now)) {
        this.lastFrame = { boardMs: input.ms, atMs: now };
        if (this.settling !== undefined) this.settle(now, out);
        this.judge({ type: 'tick', atMs: now }, out);
      }
    }
  }

  /**
   * The first board time sensing sees after it (re)started: from here its time line is placed
   * on the session's clock, at the line's receive time and never behind the referee's last.
   */
  private anchor(boardMs: number, hostMs: number): void {
    if (!this.anchorDue) return;
    this.anchorDue = false;
    // A fresh sensing state's clock starts at the first raw board time it is given.
    this.offsetMs = Math.max(this.baseMs + hostMs, this.lastTimeMs + 1) - boardMs;
  }

  /** A frame after a gap in the board's time longer than UNHEARD_AFTER_MS: the board is read afresh. */
  private noteUnheardGap(boardMs: number): void {
    const last = this.lastFrame;
    if (!last || boardDeltaMs(last.boardMs, boardMs) <= UNHEARD_AFTER_MS) return;
    this.settling = { frames: 0, holdEvents: true, unheardSinceMs: this.settling?.unheardSinceMs ?? last.atMs };
  }

  /** Sensing starts afresh (a new boot, a new time line): held lines settled first, by the caller. */
  private restartSensing(unheard: boolean): void {
    const since = this.lastFrame?.atMs;
    this.sensing = createSensingState(this.setup);
    this.anchorDue = true;
    this.lastFrame = undefined;
    this.settling = { frames: 0, holdEvents: true, ...(unheard && since !== undefined ? { unheardSinceMs: since } : {}) };
  }

  /** A HELLO that names another board than the match's: what differs, or undefined. */
  private contradiction(hello: Hello): string | undefined {
    const known = this.board;
    if (!known) return undefined;
    return describeContradiction(known, hello);
  }

  /**
   * Refused: not its boot id, not its sequence number, not its frame size. Said, and refereed
   * as a reconnect: the referee checks the board once the wells settle (the stream itself
   * went on, so sensing's events keep coming).
   */
  private refuseHello(hello: Hello, contradiction: string, out: Out): void {
    if (this.board) this.decoder.noteHello(this.board);
    out.notes.push(this.notes.helloRefused(hello, contradiction));
    if (this.settling === undefined) this.settling = { frames: 0, holdEvents: false };
  }

  /**
   * An operator's action (the players agree to end the game...), judged now: on the referee's
   * clock, at the time of the latest input, so it takes its place among the board's events.
   */
  operate(action: OperatorAction): PipelineOutput {
    const out = { sensing: [], inputs: [], verdicts: [] };
    this.judge({ type: 'operator', action, atMs: this.lastTimeMs }, out);
    return out;
  }

  /**
   * An engine's advice (the computer's move, a hint), judged now like an operator's action: on
   * the referee's clock, at the time of the latest input. The app never dates it: what the
   * referee hears is the same in a replay of the journal.
   */
  advise(advice: Advice): PipelineOutput {
    const out = { sensing: [], inputs: [], verdicts: [] };
    this.judge({ type: 'advice', role: advice.role, move: advice.move, position: advice.position, atMs: this.lastTimeMs }, out);
    return out;
  }

  /** A HELLO of the same boot is one more line in sequence; one of a new boot starts everything afresh. */
  private onHello(hello: Hello, out: Out): 'same-boot' | 'new-boot' {
    // A HELLO the link decoded sizes this decoder's frames too, should a line come without.
    this.decoder.noteHello(hello);
    this.board ??= { boardId: hello.boardId, wellCells: hello.wellCells, pivotCells: hello.pivotCells };
    if (this.bootId === hello.bootId) return 'same-boot';
    // A new boot: the board's clock restarted and its readings may have moved under us.
    // What the old boot left waiting is settled first, into the old boot's sensing.
    this.deliver(endBoot(this.plausible), out);
    if (this.bootId !== undefined) this.restartSensing(true);
    this.bootId = hello.bootId;
    this.sequence.reset();
    this.sequence.accept(hello.seq);
    return 'new-boot';
  }

  private sense(input: SensingInput, hostMs: number, out: Out): void {
    const { events } = stepSensing(this.sensing, input, hostMs);
    for (const e of events) {
      out.sensing.push(e);
      // A sensor fault reaches the referee even while sensing settles: it is no player's action.
      const input =
        this.settling?.holdEvents !== true || isSensorFaultEvent(e) ? refereeInputOf(e, this.offsetMs, this.cellPlace) : undefined;
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
    const settling = this.settling;
    if (!settling) return;
    settling.frames++;
    if (settling.frames < SNAPSHOT_AFTER_FRAMES) return;
    if (settling.frames < SNAPSHOT_AT_LATEST_FRAMES && wellStates(this.sensing).includes('unsettled')) return;
    this.settling = undefined;
    this.boardSnapshot(atMs, settling.unheardSinceMs, out);
  }

  /** The whole board as sensing sees it now: occupied wells and the tilt switches. */
  private boardSnapshot(atMs: number, unheardSinceMs: number | undefined, out: { inputs: RefereeInput[]; verdicts: Verdict[] }): void {
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
        ...(unheardSinceMs !== undefined ? { unheardSinceMs } : {}),
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
