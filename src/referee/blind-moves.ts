/**
 * Refereeing with blind points (their load cells failed: sensor-health.ts), for every game.
 * The referee keeps its own account of a blind point; a move through one is taken when the
 * rules leave only one explanation of what the other cells saw:
 *   - out of it: a piece set down on a seeing point with nothing in hand can only have come
 *     from the blind point whose piece has that legal move;
 *   - into it: a piece lifted legally and not set down anywhere seen, once the other side
 *     starts its turn, went to the one blind point among its legal destinations (capturing
 *     there if that is the move);
 *   - between two: nothing seen at all, then the other side starts its turn: the one legal
 *     move from a blind point to a blind point.
 * Where more than one fits, the operator is asked what a blind point holds (`blind CELL
 * empty|occupied`), which the referee takes as that point's reading.
 *
 * The engine hands in a view of its state (`BlindView`, blind-view.ts) and judges the steps it
 * gets back as if they had been sensed, so the game's rules (touch move, captures, locks)
 * decide the rest.
 */
import type { Cell } from './inputs.ts';
import { askOperator, explain, type SensorWords } from './sensor-health.ts';
import type { VerdictBody } from './verdicts.ts';

/** What the blind-point logic needs of a legal move. */
export interface StepMove {
  readonly from: Cell;
  readonly to: Cell;
  readonly capture: boolean;
}

/** A change the referee takes as having happened on a blind point, to be judged as if sensed. */
export interface UnseenStep {
  readonly kind: 'lift' | 'place';
  readonly well: Cell;
}

export interface BlindView<M extends StepMove> {
  readonly words: SensorWords;
  readonly blind: ReadonlySet<Cell>;
  /** The legal moves of the last legal position. */
  readonly moves: readonly M[];
  readonly mover: string;
  readonly other: string;
  /** What is in hand (the first lifted first), and whether the first is the mover's own. */
  readonly hand: readonly { readonly from: Cell }[];
  readonly firstHeldIsOwn: boolean;
  /** The point touch move ties the mover to, if any. */
  readonly touched: Cell | undefined;
  readonly formatMove: (m: M) => string;
  /** A lift on this point, as the referee's account has it, begins the other side's turn (its piece, not one the mover may capture). */
  readonly startsTheirTurn: (well: Cell) => boolean;
  readonly emit: (v: VerdictBody) => void;
}

const stepsOf = (m: StepMove, inHand: boolean): UnseenStep[] => [
  ...(inHand ? [] : [{ kind: 'lift' as const, well: m.from }]),
  ...(m.capture ? [{ kind: 'lift' as const, well: m.to }] : []),
  { kind: 'place', well: m.to },
];

const notice = <M extends StepMove>(v: BlindView<M>, message: string): void => v.emit({ type: 'notice', message });

/**
 * Before a lift on `well` is judged during play: when it is the other side starting its turn
 * while the mover's move went unseen into blind points, the steps of the one legal move that
 * explains it. None when nothing is blind, the lift can be part of the move, or no move fits;
 * the operator is asked when several do.
 */
export function unseenBeforeLift<M extends StepMove>(v: BlindView<M>, well: Cell): UnseenStep[] {
  if (v.blind.size === 0 || !v.startsTheirTurn(well)) return [];
  const held = v.hand[0];
  if (v.hand.length > 1 || (held && !v.firstHeldIsOwn)) return [];
  // A legal capture of the lifted piece by the one in hand is part of the move, seen.
  if (held && v.moves.some((m) => m.capture && m.from === held.from && m.to === well)) return [];
  const candidates = held
    ? v.moves.filter((m) => m.from === held.from && v.blind.has(m.to))
    : v.moves.filter((m) => v.blind.has(m.from) && v.blind.has(m.to) && (v.touched === undefined || v.touched === m.from));
  const e = explain(candidates);
  const name = v.words.cellName(well);
  if (e.kind === 'one') {
    const to = v.words.cellName(e.move.to);
    notice(v, `${v.other} lifted ${name} while ${v.mover}'s move went unseen into blind ${to}: the referee takes ${v.formatMove(e.move)}`);
    return stepsOf(e.move, held !== undefined);
  }
  if (e.kind === 'many')
    notice(
      v,
      askOperator(`${v.other} lifted ${name}, but ${v.mover}'s ${v.words.piece} may have gone`, unique(e.moves.map((m) => m.to)), v.words),
    );
  return [];
}

/**
 * Before a placement on `well` with nothing in hand is judged during play: the lift of the
 * one blind point whose piece could legally have come here; `ask` when more than one could
 * (the operator is asked, and the placement waits unjudged for the answer).
 */
export function unseenBeforePlace<M extends StepMove>(v: BlindView<M>, well: Cell): UnseenStep[] | 'ask' {
  if (v.hand.length > 0 || v.blind.size === 0) return [];
  const candidates = v.moves.filter(
    (m) => !m.capture && m.to === well && v.blind.has(m.from) && (v.touched === undefined || v.touched === m.from),
  );
  const e = explain(candidates);
  const what = `a ${v.words.piece} was set down on ${v.words.cellName(well)} with none in hand`;
  if (e.kind === 'one') {
    notice(v, `${what}: it can only have come from blind ${v.words.cellName(e.move.from)}: the referee takes ${v.formatMove(e.move)}`);
    return [{ kind: 'lift', well: e.move.from }];
  }
  if (e.kind === 'none') return [];
  notice(
    v,
    askOperator(
      `${what}: it came`,
      e.moves.map((m) => m.from),
      v.words,
    ),
  );
  return 'ask';
}

/** A piece lifted legally from `from` whose destinations include blind points: what will be taken when it goes there. */
export function announceBlindDestinations<M extends StepMove>(v: BlindView<M>, from: Cell): void {
  const to = unique(v.moves.filter((m) => m.from === from && v.blind.has(m.to)).map((m) => m.to));
  if (to.length === 0) return;
  notice(
    v,
    to.length === 1
      ? `${v.words.cellName(to[0]!)} is blind: a ${v.words.piece} set down there is taken as the move when ${v.other} lifts next`
      : askOperator(`the ${v.words.piece} from ${v.words.cellName(from)} may go`, to, v.words),
  );
}

/** An enemy piece put back on `well`, which a piece from a blind point may have captured instead. */
export function askAfterAbandon<M extends StepMove>(v: BlindView<M>, well: Cell): void {
  const from = unique(v.moves.filter((m) => m.capture && m.to === well && v.blind.has(m.from)).map((m) => m.from));
  if (from.length === 0) return;
  notice(
    v,
    `${askOperator(`or the ${v.words.piece} on ${v.words.cellName(well)} was captured`, from, v.words)} (empty: the capture is taken)`,
  );
}

/**
 * After the operator's word that blind `reported` is empty: the one legal move through it
 * whose position the board now shows (`shows`, the pieces in hand aside), if any.
 */
export function moveShownAfterReport<M extends StepMove>(v: BlindView<M>, reported: Cell, shows: (m: M) => boolean): M | undefined {
  const shown = v.moves.filter((m) => (m.from === reported || m.to === reported) && shows(m));
  return shown.length === 1 ? shown[0] : undefined;
}

const unique = (cells: readonly Cell[]): Cell[] => [...new Set(cells)];
