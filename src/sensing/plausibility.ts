/**
 * Line plausibility: one damaged line that passes the CRC must not decide a game.
 *
 * CRC-16 lets about one corrupted line in 65,536 through, so a FRAME or a TILT line can be
 * well formed and still wrong. Before sensing sees them, FRAME and TILT lines pass two checks
 * that need a second line to agree (P = the frame period, 12.5 ms at 80 frames/s; d = how
 * many sequence numbers the line is past the reference line, so a sequence gap — frames
 * really lost — allows a longer advance):
 *
 * - Time. A FRAME follows a reference frame when its `ms` is newer (mod 2^32) by at most
 *   d·P + P/2. A frame that follows the last trusted frame goes on; one not newer (a repeat
 *   after a reconnect, a step back) is discarded; one further ahead is held. If the next
 *   frame follows the held one, the jump was real: both go on. If it follows the last
 *   trusted frame instead, the held frame was damaged and is discarded. If it follows
 *   neither, it takes the held one's place; after ACCEPT_AFTER_FRAMES such frames in a row,
 *   the newest is taken as it is, so no clock can wedge the stream. The first frame of a
 *   boot has nothing to follow: it waits for the second. A TILT line's `ms` must lie within
 *   −P … (d+1)·P + P/2 of the last trusted frame's (it is stamped between frames), else it is
 *   discarded (the next frames still carry the switches' state).
 * - Tilt. A change of the switches counts only once a second line agrees. A TILT line is
 *   held until the next FRAME's tilt bits say the same; a FRAME whose tilt bits change is
 *   held until the next FRAME, or a TILT line right after it, says the same. The board sends
 *   TILT only on a change, so a TILT line the next frame confirms also vouches for the TILT
 *   lines just before it: a tip that levels again before the next frame is kept. An
 *   unconfirmed change is discarded: its TILT line dropped, its frame passed on with the
 *   tilt it would have replaced.
 *
 * - Host clock. A FRAME's time is a claim the host's receive clock must bear out
 *   (src/protocol/board-time.ts): given the host time a line arrived (`hostMs`), a frame
 *   whose board time runs more than CLOCK_LEAD_MS ahead of what the host clock allows since
 *   the boot's anchor is refused outright ('ahead-of-host': never held, never a reference),
 *   so two forged frames three hours ahead, or a flood with a running clock, cannot make the
 *   genuine frames after them look old. A frame less than half a period after the last
 *   trusted one is dropped as a flood ('too-soon'): frames come no faster than the rate.
 *   Refused and not-newer frames that agree with each other and with the host's clock for
 *   REANCHOR_AFTER_MS, while nothing else is trusted, are followed instead ('reanchor'
 *   release: the stream's time line starts afresh there, as at a new boot). Without host
 *   times (a monitor fed by the link, which judged already) this check is skipped.
 *
 * Held lines go on whole, in order, with their own times, so sensing sees the stream it
 * would have seen, one frame later at most (a tip keeps the time of the first line that
 * showed it: crash attribution compares it with the last lift or placement). A new boot
 * (`endBoot`) explains any jump: what is still held then is settled without a second line.
 *
 * Why here: it is the first check on sensing's input, pure like the rest of `src/sensing`
 * (state mutated in place by the step, no clock, no I/O; a decoded Frame or TiltEvent fits
 * `TimedLine`, and the host-clock judgement is the link's own, src/protocol/board-time.ts). It is generic over the caller's item, so the referee
 * pipeline (sensing inputs with their receive times, gap notices among them) and
 * `senryaku monitor` (decoded messages) run the same rules. Items without time or tilt
 * (`admitOther`, e.g. a gap notice) keep their place behind held lines.
 */

import {
  aheadOfHost,
  clockLead,
  createBoardClock,
  leadOverHost,
  noteAccepted,
  noteRejected,
  reanchor,
  resetBoardClock,
  type BoardClock,
  type ClockPoint,
} from '../protocol/board-time.ts';

export interface TiltBits {
  readonly white: boolean;
  readonly black: boolean;
}

/** What the checks read of a FRAME or TILT line. */
export interface TimedLine {
  readonly type: 'frame' | 'tilt';
  /** Sequence number, uint16. */
  readonly seq: number;
  /** Board millis(), uint32. */
  readonly ms: number;
  readonly tilt: TiltBits;
}

export const DISCARD_REASONS = [
  'not-newer',
  'time-jump',
  'time-out-of-line',
  'tilt-unconfirmed',
  'boot-ended',
  'ahead-of-host',
  'too-soon',
] as const;
export type DiscardReason = (typeof DISCARD_REASONS)[number];

/**
 * One item let go, in arrival order: passed on (a frame's tilt replaced when `tilt` is set),
 * or dropped. `reanchor` comes just before the delivery of the frame it names: the stream's
 * time line starts afresh at that frame (the one before it was wrong), as at a new boot.
 */
export type Release<T> =
  | { readonly fate: 'deliver'; readonly item: T; readonly tilt?: TiltBits }
  | { readonly fate: 'discard'; readonly item: T; readonly reason: DiscardReason }
  | { readonly fate: 'reanchor'; readonly item: T; readonly leadMs: number };

export interface PlausibilityCounters {
  /** Frames held because their time did not follow the last trusted frame's. */
  timeHeld: number;
  /** Frames and TILT lines discarded for their time: a held jump not confirmed, a frame not newer, a TILT time out of line. */
  timeDiscarded: number;
  /** Held jumps the next frame confirmed, or taken after ACCEPT_AFTER_FRAMES frames fit no timeline. */
  jumpsAccepted: number;
  /** Tilt changes held for a second line. */
  tiltHeld: number;
  /** Tilt changes no second line confirmed. */
  tiltDiscarded: number;
  /** Frames refused because their board time ran ahead of the host's receive clock (a jump the host did not see, a flood). */
  aheadOfHost: number;
  /** Frames dropped for coming sooner than half a period after the last trusted one (a flood). */
  tooSoon: number;
  /** Times the stream's time line was followed afresh after the old one proved wrong. */
  reanchors: number;
}

export const emptyPlausibilityCounters = (): PlausibilityCounters => ({
  timeHeld: 0,
  timeDiscarded: 0,
  jumpsAccepted: 0,
  tiltHeld: 0,
  tiltDiscarded: 0,
  aheadOfHost: 0,
  tooSoon: 0,
  reanchors: 0,
});

/** Frames in a row that fit no timeline (100 ms at 80 frames/s) before the newest is taken as it is. */
export const ACCEPT_AFTER_FRAMES = 8;

interface Entry<T> {
  readonly line: TimedLine | undefined;
  readonly item: T;
  /** Host time the line arrived, when known. */
  readonly hostMs?: number;
}

/** The last frame refused for its time against the host's clock, for the caller's message. */
export interface ClockRefusal {
  readonly reason: 'ahead-of-host' | 'too-soon';
  /** How far ahead of the host clock it ran (ahead-of-host), ms. */
  readonly leadMs: number;
  readonly boardMs: number;
  readonly hostMs: number;
}

export interface PlausibilityState<T> {
  readonly periodMs: number;
  /** The last frame passed on (time stage); undefined until the first of a boot. */
  trusted: { ms: number; seq: number } | undefined;
  /** The boot's time line against the host's receive clock. */
  readonly clock: BoardClock;
  lastRefusal: ClockRefusal | undefined;
  /** A frame held for its time, and what arrived after it. */
  candidate: Entry<T> | undefined;
  behind: Entry<T>[];
  /** Frames held in a row without one being trusted. */
  unplaced: number;
  /** The switches as passed on (tilt stage). */
  tilt: TiltBits;
  /** From the first unconfirmed tilt change on; a frame only ever at index 0. */
  pending: Entry<T>[];
  readonly counters: PlausibilityCounters;
}

const LEVEL: TiltBits = Object.freeze({ white: false, black: false });
const HALF_RANGE = 0x8000_0000;

export function createPlausibility<T>(frameRate = 80): PlausibilityState<T> {
  if (!(frameRate > 0)) throw new RangeError(`frameRate must be positive, got ${frameRate}`);
  return {
    periodMs: 1000 / frameRate,
    trusted: undefined,
    clock: createBoardClock(),
    lastRefusal: undefined,
    candidate: undefined,
    behind: [],
    unplaced: 0,
    tilt: LEVEL,
    pending: [],
    counters: emptyPlausibilityCounters(),
  };
}

/**
 * A FRAME or TILT line: returns what can go on (or is dropped) now, in order. `hostMs`: the
 * host time it arrived (receive clock); without it the host-clock check is skipped.
 */
export function admitLine<T>(s: PlausibilityState<T>, line: TimedLine, item: T, hostMs?: number): Release<T>[] {
  const out: Release<T>[] = [];
  timeStep(s, hostMs === undefined ? { line, item } : { line, item, hostMs }, out);
  return out;
}

/** An item with neither time nor tilt: it goes on as soon as everything before it has. */
export function admitOther<T>(s: PlausibilityState<T>, item: T): Release<T>[] {
  const out: Release<T>[] = [];
  timeStep(s, { line: undefined, item }, out);
  return out;
}

/**
 * The boot ended (a HELLO with a new boot id): what is held is settled without a second
 * line — a held frame time discarded, held tilt changes dropped — and the next frame
 * starts afresh.
 */
export function endBoot<T>(s: PlausibilityState<T>): Release<T>[] {
  const out: Release<T>[] = [];
  if (s.candidate) {
    discard(s, s.candidate, 'boot-ended', out);
    s.candidate = undefined;
    flushBehind(s, out);
  }
  const pending = s.pending;
  s.pending = [];
  for (const e of pending) unconfirmed(s, e, 'boot-ended', out);
  s.trusted = undefined;
  resetBoardClock(s.clock);
  s.unplaced = 0;
  s.tilt = LEVEL;
  return out;
}

export const sameTilt = (a: TiltBits, b: TiltBits): boolean => a.white === b.white && a.black === b.black;

const seqDistance = (from: number, to: number): number => Math.max(1, (to - from) & 0xffff);

/** How a frame stands to a reference frame (`too-soon`: newer, but by less than half a period: frames come no faster than the rate). */
export function follows(
  periodMs: number,
  ref: { ms: number; seq: number },
  line: TimedLine,
): 'not-newer' | 'too-soon' | 'follows' | 'ahead' {
  const ahead = (line.ms - ref.ms) >>> 0;
  if (ahead === 0 || ahead >= HALF_RANGE) return 'not-newer';
  if (ahead < periodMs / 2) return 'too-soon';
  return ahead <= seqDistance(ref.seq, line.seq) * periodMs + periodMs / 2 ? 'follows' : 'ahead';
}

/** A TILT line is stamped between frames: from a period before the reference frame to a period after the next. */
function tiltInTime(periodMs: number, ref: { ms: number; seq: number }, line: TimedLine): boolean {
  const ahead = (line.ms - ref.ms) >>> 0;
  const signed = ahead >= HALF_RANGE ? ahead - 0x1_0000_0000 : ahead;
  return signed >= -periodMs && signed <= (seqDistance(ref.seq, line.seq) + 1) * periodMs + periodMs / 2;
}

// ---- time stage ---------------------------------------------------------------------

function timeStep<T>(s: PlausibilityState<T>, e: Entry<T>, out: Release<T>[]): void {
  if (e.line?.type !== 'frame') {
    if (s.candidate) s.behind.push(e);
    else passOn(s, e, out);
    return;
  }
  // The host's clock and the rate first: a frame they refuse is never held nor trusted.
  const refusal = clockRefusal(s, e.line, e.hostMs);
  if (refusal) {
    refuse(s, e, refusal, out);
    return;
  }
  if (s.candidate) {
    resolveCandidate(s, s.candidate, e, out);
    return;
  }
  const fit = s.trusted ? follows(s.periodMs, s.trusted, e.line) : 'ahead';
  if (fit === 'not-newer') rejectOld(s, e, out);
  else if (fit === 'follows' || fit === 'too-soon') trust(s, e, out);
  else hold(s, e, s.trusted !== undefined, out);
}

/**
 * Whether a FRAME arriving at `hostMs` is refused for its time before anything else looks at
 * it: ahead of the host's clock, or sooner than half a period after the last trusted frame
 * (and not the continuation of a held one). Changes nothing: the pipeline asks first, so a
 * refused frame's sequence number does not count either.
 */
export function clockRefusal<T>(s: PlausibilityState<T>, line: TimedLine, hostMs: number | undefined): ClockRefusal | undefined {
  // Without receive times the link before it judged already (a monitor): nothing to add.
  if (line.type !== 'frame' || hostMs === undefined) return undefined;
  const at = { boardMs: line.ms, hostMs };
  if (aheadOfHost(s.clock, at)) return { reason: 'ahead-of-host', leadMs: clockLead(s.clock, at), boardMs: line.ms, hostMs };
  if (!s.trusted || follows(s.periodMs, s.trusted, line) !== 'too-soon') return undefined;
  if (s.candidate && follows(s.periodMs, ref(s.candidate), line) === 'follows') return undefined;
  return { reason: 'too-soon', leadMs: 0, boardMs: line.ms, hostMs };
}

const pointOf = <T>(e: Entry<T>): ClockPoint | undefined =>
  e.hostMs === undefined || !e.line ? undefined : { boardMs: e.line.ms, hostMs: e.hostMs };

/** A frame refused for its time against the host clock or the rate: counted, remembered for the caller's message. */
function refuse<T>(s: PlausibilityState<T>, e: Entry<T>, refusal: ClockRefusal, out: Release<T>[]): void {
  if (refusal.reason === 'ahead-of-host') s.counters.aheadOfHost++;
  else s.counters.tooSoon++;
  s.lastRefusal = refusal;
  if (refusal.reason === 'ahead-of-host' && followRival(s, e, out)) return;
  discard(s, e, refusal.reason, out);
}

/** A frame not newer than the last trusted one: dropped, unless the frames dropped so far form the true time line. */
function rejectOld<T>(s: PlausibilityState<T>, e: Entry<T>, out: Release<T>[]): void {
  if (followRival(s, e, out)) return;
  discard(s, e, 'not-newer', out);
}

/** Refused and old frames that agree with each other and the host's clock for long enough: follow them from `e` on. */
function followRival<T>(s: PlausibilityState<T>, e: Entry<T>, out: Release<T>[]): boolean {
  const at = pointOf(e);
  if (!at || !noteRejected(s.clock, at)) return false;
  const leadMs = s.clock.anchor ? leadOverHost(s.clock.anchor, at) : 0;
  s.counters.reanchors++;
  // What waited on the old time line is settled first, then the new one starts at `e`.
  if (s.candidate) {
    discard(s, s.candidate, 'time-jump', out);
    s.candidate = undefined;
    flushBehind(s, out);
  }
  reanchor(s.clock, at);
  out.push({ fate: 'reanchor', item: e.item, leadMs });
  s.trusted = undefined;
  trust(s, e, out);
  return true;
}

function resolveCandidate<T>(s: PlausibilityState<T>, held: Entry<T>, e: Entry<T>, out: Release<T>[]): void {
  const line = e.line as TimedLine;
  // (Sooner than half a period counts as following here: with receive times it was refused before.)
  const toHeld = follows(s.periodMs, ref(held), line);
  if (toHeld === 'follows' || toHeld === 'too-soon') {
    if (s.trusted) s.counters.jumpsAccepted++;
    s.candidate = undefined;
    trust(s, held, out);
    flushBehind(s, out);
    trust(s, e, out);
    return;
  }
  const fit = s.trusted ? follows(s.periodMs, s.trusted, line) : 'ahead';
  if (fit === 'not-newer') {
    rejectOld(s, e, out);
    return;
  }
  // The held frame was not followed: its time was damaged, or a jump nothing confirmed.
  discard(s, held, 'time-jump', out);
  s.candidate = undefined;
  flushBehind(s, out);
  if (fit === 'follows' || fit === 'too-soon') trust(s, e, out);
  else hold(s, e, true, out);
}

function hold<T>(s: PlausibilityState<T>, e: Entry<T>, fault: boolean, out: Release<T>[]): void {
  if (++s.unplaced >= ACCEPT_AFTER_FRAMES) {
    s.counters.jumpsAccepted++;
    trust(s, e, out);
    return;
  }
  if (fault) s.counters.timeHeld++;
  s.candidate = e;
  s.behind = [];
}

function trust<T>(s: PlausibilityState<T>, e: Entry<T>, out: Release<T>[]): void {
  s.trusted = ref(e);
  s.unplaced = 0;
  const at = pointOf(e);
  if (at) noteAccepted(s.clock, at);
  tiltStep(s, e, out);
}

const ref = <T>(e: Entry<T>): { ms: number; seq: number } => ({ ms: (e.line as TimedLine).ms, seq: (e.line as TimedLine).seq });

function flushBehind<T>(s: PlausibilityState<T>, out: Release<T>[]): void {
  const behind = s.behind;
  s.behind = [];
  for (const e of behind) passOn(s, e, out);
}

/** A TILT line or another item, on to the tilt stage (a TILT line's time checked first). */
function passOn<T>(s: PlausibilityState<T>, e: Entry<T>, out: Release<T>[]): void {
  if (e.line?.type === 'tilt' && s.trusted && !tiltInTime(s.periodMs, s.trusted, e.line)) discard(s, e, 'time-out-of-line', out);
  else tiltStep(s, e, out);
}

function discard<T>(s: PlausibilityState<T>, e: Entry<T>, reason: DiscardReason, out: Release<T>[]): void {
  s.counters.timeDiscarded++;
  out.push({ fate: 'discard', item: e.item, reason });
}

// ---- tilt stage ---------------------------------------------------------------------

function tiltStep<T>(s: PlausibilityState<T>, e: Entry<T>, out: Release<T>[]): void {
  const line = e.line;
  if (s.pending.length === 0) {
    if (!line || sameTilt(line.tilt, s.tilt)) out.push({ fate: 'deliver', item: e.item });
    else {
      s.counters.tiltHeld++;
      s.pending.push(e);
    }
    return;
  }
  s.pending.push(e);
  if (!line) return;
  if (line.type === 'frame') {
    settleTilt(s, e, out);
    return;
  }
  // A TILT line right after a held frame, saying the same, confirms it.
  const head = s.pending[0] as Entry<T>;
  const between = s.pending.slice(1, -1);
  if (head.line?.type === 'frame' && between.every((x) => !x.line) && sameTilt(head.line.tilt, line.tilt)) {
    for (const x of s.pending) out.push({ fate: 'deliver', item: x.item });
    s.tilt = line.tilt;
    s.pending = [];
  }
}

/** The frame `f` (last in `pending`) decides every tilt claim before it. */
function settleTilt<T>(s: PlausibilityState<T>, f: Entry<T>, out: Release<T>[]): void {
  const tilt = (f.line as TimedLine).tilt;
  const before = s.pending.slice(0, -1);
  s.pending = [];
  let confirmed = -1;
  before.forEach((x, i) => {
    if (x.line && sameTilt(x.line.tilt, tilt)) confirmed = i;
  });
  before.forEach((x, i) => {
    if (i <= confirmed || !x.line) out.push({ fate: 'deliver', item: x.item });
    else unconfirmed(s, x, 'tilt-unconfirmed', out);
  });
  if (confirmed >= 0 || sameTilt(tilt, s.tilt)) {
    s.tilt = tilt;
    out.push({ fate: 'deliver', item: f.item });
  } else {
    s.counters.tiltHeld++;
    s.pending = [f];
  }
}

/** A tilt claim nobody confirmed: a TILT line is dropped, a frame goes on with the tilt passed on so far. */
function unconfirmed<T>(s: PlausibilityState<T>, e: Entry<T>, reason: DiscardReason, out: Release<T>[]): void {
  if (!e.line) {
    out.push({ fate: 'deliver', item: e.item });
    return;
  }
  if (e.line.type === 'tilt') {
    s.counters.tiltDiscarded++;
    out.push({ fate: 'discard', item: e.item, reason });
  } else if (sameTilt(e.line.tilt, s.tilt)) out.push({ fate: 'deliver', item: e.item });
  else {
    s.counters.tiltDiscarded++;
    out.push({ fate: 'deliver', item: e.item, tilt: s.tilt });
  }
}
