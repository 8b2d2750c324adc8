/**
 * The board's load cells as a referee keeps them, the same for every game: which cells have
 * failed (sensing's `sensor` inputs), which points that leaves blind, what is said when a
 * cell fails or works again, and the words for a move the referee could only infer.
 *
 * A blind point's changes are not sensed, so the referee keeps its own account of it. A
 * move through it is taken when it is the only legal explanation of what the other cells
 * saw (the referee lists the candidates: `explain`), else the operator is asked to
 * say what the point holds (`blind CELL empty|occupied`), which the referee then takes as
 * that cell's reading. When the cell works again its first change may only be sensing
 * catching up with what the referee inferred (`seeingAgain`).
 */
import type { Cell, RefereeInput } from './inputs.ts';
import type { VerdictBody } from './verdicts.ts';
import { blinds, type SensorFaultKind } from './sensor-faults.ts';

export interface CellFault {
  readonly cell: number;
  readonly fault: SensorFaultKind;
  /** The point the cell weighs, or the pivot cell's name. */
  readonly well?: Cell;
  readonly pivot?: string;
  readonly sinceMs: number;
}

export interface SensorHealth {
  readonly faults: readonly CellFault[];
  /** Points whose cell works again: until `untilMs` their first sensed change may be the cell catching up. */
  readonly seeingAgain: readonly { readonly well: Cell; readonly untilMs: number }[];
}

export const HEALTHY: SensorHealth = { faults: [], seeingAgain: [] };

/** How long after a cell works again its first change is taken as catching up (a settle takes 50 ms; a bounce a few hundred). */
export const SEEING_AGAIN_MS = 2000;

/** What a game calls its points and pieces, for what is said. */
export interface SensorWords {
  readonly cellName: (well: Cell) => string;
  /** `well`, `point`. */
  readonly cell: string;
  /** `sphere`, `piece`. */
  readonly piece: string;
}

export const isBlind = (h: SensorHealth, well: Cell): boolean => h.faults.some((f) => f.well === well && blinds(f.fault));

export function blindPoints(h: SensorHealth): Set<Cell> {
  return new Set(h.faults.flatMap((f) => (f.well !== undefined && blinds(f.fault) ? [f.well] : [])));
}

/**
 * The points that hold a piece as far as can be told: those sensing saw occupied, except that
 * a blind point (`unseen`, or blind by the referee's health) holds what the referee's own
 * account has. `onBoard`: that account, 0 where empty.
 */
export function occupiedAsFarAsSeen(
  occupied: readonly Cell[],
  unseen: readonly Cell[],
  h: SensorHealth,
  onBoard: ArrayLike<number>,
): Cell[] {
  const blind = blindPoints(h);
  for (const c of unseen) blind.add(c);
  if (blind.size === 0) return [...occupied];
  const seen = occupied.filter((c) => !blind.has(c));
  for (const c of blind) if (c >= 0 && c < onBoard.length && (onBoard[c] ?? 0) !== 0) seen.push(c);
  return seen;
}

const WHAT: Record<SensorFaultKind, string> = {
  dead: 'is dead (it reads no load at all)',
  stuck: 'is stuck (its reading no longer changes)',
  saturated: 'reads the end of its range',
  silent: 'gives no readings',
  drifted: 'has drifted from its zero',
};

function subject(f: Pick<CellFault, 'cell' | 'well' | 'pivot'>, w: SensorWords): string {
  if (f.well !== undefined) return `the load cell under ${w.cellName(f.well)}`;
  if (f.pivot !== undefined) return `the pivot load cell ${f.pivot}`;
  return `load cell ${f.cell}`;
}

/** Where the fault is, as verdicts and snapshots name it. */
const place = (f: Pick<CellFault, 'well' | 'pivot'>, w: SensorWords): { well?: string; pivot?: string } =>
  f.well !== undefined ? { well: w.cellName(f.well) } : f.pivot !== undefined ? { pivot: f.pivot } : {};

function faultMessage(input: SensorInput, w: SensorWords): string {
  const who = subject(input, w);
  if (input.fault === 'drifted')
    return `${who} has drifted ${Math.abs(input.offsetG ?? 0).toFixed(0)} g from its zero: recalibrate the board when the match allows (its readings are still used)`;
  if (input.well !== undefined) {
    const name = w.cellName(input.well);
    return `${who} ${WHAT[input.fault]}: ${name} is blind. Refereeing goes on with the other ${w.cell}s; a move through ${name} is taken where the rules allow only one, else the operator is asked what ${name} holds`;
  }
  return `${who} ${WHAT[input.fault]}: a hand on the board goes unseen until it works again (a crash is still judged by the tilt switches)`;
}

type SensorInput = Extract<RefereeInput, { type: 'sensor' }>;

/** A sensor input: the health after it and what to say (nothing when it repeats what is known: a fault sensed again after a reboot). */
export function noteSensor(
  h: SensorHealth,
  input: SensorInput,
  w: SensorWords,
): { readonly health: SensorHealth; readonly verdict?: VerdictBody } {
  const same = (f: CellFault): boolean => f.cell === input.cell && f.fault === input.fault;
  const blind = blinds(input.fault);
  const seeingAgain = h.seeingAgain.filter((s) => s.untilMs >= input.atMs);
  if (input.phase === 'start') {
    if (h.faults.some(same)) return { health: h };
    const entry: CellFault = {
      cell: input.cell,
      fault: input.fault,
      ...(input.well !== undefined ? { well: input.well } : {}),
      ...(input.pivot !== undefined ? { pivot: input.pivot } : {}),
      sinceMs: input.atMs,
    };
    return {
      health: { faults: [...h.faults, entry], seeingAgain: seeingAgain.filter((s) => !(blind && s.well === input.well)) },
      verdict: { type: 'sensor-fault', fault: input.fault, cell: input.cell, ...place(input, w), blind, message: faultMessage(input, w) },
    };
  }
  const known = h.faults.find(same);
  if (!known) return { health: h };
  const faults = h.faults.filter((f) => !same(f));
  const health = { faults, seeingAgain };
  const seen = known.well !== undefined && blind && !isBlind(health, known.well);
  const name = known.well !== undefined ? w.cellName(known.well) : undefined;
  return {
    health: seen ? { faults, seeingAgain: [...seeingAgain, { well: known.well, untilMs: input.atMs + SEEING_AGAIN_MS }] } : health,
    verdict: {
      type: 'sensor-cleared',
      fault: known.fault,
      cell: known.cell,
      ...place(known, w),
      message: `${subject(known, w)} works again (it ${known.fault === 'drifted' ? 'had drifted' : `was ${known.fault}`})${seen ? `: ${name} is seen again` : ''}`,
    },
  };
}

/** What of a referee's draft state the sensor inputs touch: the health, and its account of the board (0 for empty). */
export interface HealthDraft {
  sensors: SensorHealth;
  readonly onBoard: ArrayLike<number>;
}

/** A sensor input into a referee's draft: the health follows it, and what is new is said. */
export function applySensorInput(d: HealthDraft, input: SensorInput, w: SensorWords, emit: (v: VerdictBody) => void): void {
  const { health, verdict } = noteSensor(d.sensors, input, w);
  d.sensors = health;
  if (verdict) emit(verdict);
}

/**
 * A change sensed on `well` that leaves the referee's account as it was (a placement where
 * it has a piece, a lift where it has none), just after the point's cell works again: the
 * cell catching up with what was inferred while it was blind, so nothing happened. The point
 * is taken off the list either way.
 */
export function caughtUp(d: HealthDraft, well: Cell, kind: 'lift' | 'place', atMs: number): boolean {
  const h = d.sensors;
  const entry = h.seeingAgain.find((s) => s.well === well && s.untilMs >= atMs);
  if (!entry) return false;
  d.sensors = { ...h, seeingAgain: h.seeingAgain.filter((s) => s !== entry) };
  const occupied = (d.onBoard[well] ?? 0) !== 0;
  return kind === 'place' ? occupied : !occupied;
}

/** The one candidate that explains what was sensed, or how many there are. */
export type Explanation<M> =
  { readonly kind: 'none' } | { readonly kind: 'one'; readonly move: M } | { readonly kind: 'many'; readonly moves: readonly M[] };

export function explain<M>(candidates: readonly M[]): Explanation<M> {
  if (candidates.length === 0) return { kind: 'none' };
  if (candidates.length === 1) return { kind: 'one', move: candidates[0]! };
  return { kind: 'many', moves: candidates };
}

/** What the operator is asked when more than one blind point could explain what was sensed. */
export function askOperator(what: string, blind: readonly Cell[], w: SensorWords): string {
  const names = blind.map(w.cellName);
  const list = names.length === 2 ? `${names[0]} or ${names[1]}` : names.join(', ');
  return `${what} through a blind ${w.cell} (${list}): the referee cannot tell which. Operator: say what ${names.length === 1 ? 'it holds' : 'each holds'} now, e.g. 'blind ${names[0]} empty' or 'blind ${names[0]} occupied'`;
}

/** The health of the cells as a snapshot carries it: every fault, and the points blind now. */
export interface SensorsSnapshot {
  /** The points no cell sees now, by name. */
  readonly blind: readonly string[];
  readonly faults: readonly {
    readonly cell: number;
    readonly fault: SensorFaultKind;
    readonly well?: string;
    readonly pivot?: string;
    readonly blind: boolean;
    readonly sinceMs: number;
  }[];
}

export function sensorsSnapshot(h: SensorHealth, w: SensorWords): SensorsSnapshot {
  return {
    blind: [...blindPoints(h)].sort((a, b) => a - b).map(w.cellName),
    faults: h.faults.map((f) => ({ cell: f.cell, fault: f.fault, ...place(f, w), blind: blinds(f.fault), sinceMs: f.sinceMs })),
  };
}

/**
 * The operator's word on a blind point (`blind CELL empty|occupied`), as the change it means
 * on the referee's account (a lift or a placement there), or the notice to give instead: it
 * is refused (no such point, or one its cell sees), or it is what the account already has.
 */
export function blindReport(
  d: HealthDraft,
  report: { readonly well: string; readonly holds: 'empty' | 'occupied' },
  parse: (name: string) => Cell | undefined,
  w: SensorWords,
): { readonly kind: 'lift' | 'place'; readonly well: Cell } | { readonly notice: string } {
  const { well: name, holds } = report;
  const well = parse(name);
  if (well === undefined) return { notice: `${blindRefusal(name)}: there is no ${w.cell} ${name}` };
  if (!isBlind(d.sensors, well))
    return { notice: `${blindRefusal(name)}: ${name} is not blind (its load cell works): the board says what it holds` };
  const occupied = (d.onBoard[well] ?? 0) !== 0;
  if (occupied === (holds === 'occupied')) return { notice: `blind ${name} ${holds}: as the referee had it` };
  return { kind: holds === 'empty' ? 'lift' : 'place', well };
}

/** How the notice refusing the operator's word on `name` begins (the fronts tell a refusal by it). */
export const blindRefusal = (name: string): string => `blind ${name} refused`;
