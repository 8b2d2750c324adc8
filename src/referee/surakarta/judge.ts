/**
 * Judging one physical action during play, against the last legal position: is this lift or
 * placement a legal part of a move, the end of one, or a foul?
 *
 * A capture is two lifts (the mover's piece and the enemy piece on the destination, either
 * order) and one placement. Which foul an attempted capture earns depends on what gives it away:
 * - an enemy piece lifted first that no piece of the mover can capture: `NotYourSphere`;
 * - the second lift of a pair that is not a legal capture (no circuit path over empty points
 *   round a loop, or a second enemy piece): `IllegalCaptureLift`;
 * - the mover's piece set down anywhere but on the point of the enemy piece in hand, or a step
 *   to a point that is not an empty neighbour: `IllegalPlacement`.
 */
import { checkMove, legalMoves, movesFrom, type Move } from '../../rules/surakarta/moves.ts';
import { opposite, pointName, sideOf, type Point } from '../../rules/surakarta/types.ts';
import { askAfterAbandon } from '../blind-moves.ts';
import { blindView } from './blind.ts';
import type { StepContext } from './context.ts';
import { acceptMove, commitFoul } from './game-flow.ts';
import type { HeldPiece } from './state.ts';
import { placementReason } from '../foul-words.ts';

const captureIsLegal = (moves: readonly Move[], from: Point, to: Point): boolean =>
  moves.some((m) => m.capture && m.from === from && m.to === to);

const touchMoveMessage = (side: string, touched: Point, name: string): string =>
  `${side} touched the piece on ${pointName(touched)}: that piece must be moved, not ${name}`;

/** `cell` was just lifted from `point`; `before` is what was in hand before it. */
export function judgeLift(ctx: StepContext, point: Point, cell: number, before: readonly HeldPiece[]): void {
  const { d } = ctx;
  const pos = d.game.position;
  const mover = pos.turn;
  const name = pointName(point);
  const side = sideOf(cell);
  const own = side === mover;
  const moves = legalMoves(pos);

  // The sensors report a lift where the referee's account has no piece: nothing a player did
  // changed the board as the referee knows it, so it is said and not held against anyone.
  if (side === undefined) {
    ctx.emit({ type: 'notice', message: `a lift was sensed on ${name}, where no piece stands: ignored` });
    return;
  }

  if (before.length === 0) {
    if (own) {
      if (d.touched !== undefined && d.touched !== point) return commitFoul(ctx, 'TouchMove', touchMoveMessage(mover, d.touched, name));
      const destinations = movesFrom(pos, point);
      if (destinations.length === 0) return commitFoul(ctx, 'NoLegalDestination', `the piece on ${name} has no legal move`);
      ctx.emit({ type: 'lifted', side: mover, well: name, destinations: destinations.map((m) => pointName(m.to)).sort() });
      return;
    }
    const capturers = moves.filter((m) => m.capture && m.to === point);
    if (capturers.length === 0)
      return commitFoul(ctx, 'NotYourSphere', `the piece on ${name} is ${opposite(mover)}'s and no piece of ${mover} can capture it`);
    if (d.touched !== undefined && !capturers.some((m) => m.from === d.touched))
      return commitFoul(ctx, 'TouchMove', `${mover} touched the piece on ${pointName(d.touched)}: it cannot capture on ${name}`);
    d.captureOrder = 'captured-first';
    ctx.emit({ type: 'capture-started', side: mover, captured: name, order: 'captured-first' });
    return;
  }

  const first = before[0]!;
  if (before.length === 1) {
    const firstOwn = sideOf(first.cell) === mover;
    if (firstOwn && !own) {
      if (!captureIsLegal(moves, first.from, point))
        return commitFoul(ctx, 'IllegalCaptureLift', `the piece from ${pointName(first.from)} cannot capture on ${name}`);
      d.captureOrder = 'capturer-first';
      ctx.emit({ type: 'capture-started', side: mover, captured: name, order: 'capturer-first' });
      return;
    }
    if (!firstOwn && own) {
      if (!captureIsLegal(moves, point, first.from))
        return commitFoul(ctx, 'IllegalCaptureLift', `the piece on ${name} cannot capture on ${pointName(first.from)}`);
      if (d.touched !== undefined && d.touched !== point) return commitFoul(ctx, 'TouchMove', touchMoveMessage(mover, d.touched, name));
      ctx.emit({ type: 'lifted', side: mover, well: name, destinations: [pointName(first.from)] });
      return;
    }
  }
  if (own) return commitFoul(ctx, 'TwoSpheresLifted', `a second piece was lifted from ${name}: move one piece at a time`);
  return commitFoul(ctx, 'IllegalCaptureLift', `the piece on ${name} cannot be captured now: a move captures one piece`);
}

/** `placed` (taken from the hand) was just set down on `point`. */
export function judgePlacement(ctx: StepContext, point: Point, placed: HeldPiece | undefined): void {
  const { d } = ctx;
  const pos = d.game.position;
  const mover = pos.turn;
  const name = pointName(point);
  if (!placed) return commitFoul(ctx, 'UnexpectedSphere', `a piece was placed on ${name} that nobody had lifted`);

  if (placed.from === point) {
    if (sideOf(placed.cell) === mover) {
      d.touched ??= point;
      if (d.hand.length === 0) d.captureOrder = undefined;
      ctx.emit({ type: 'touch-move', side: mover, well: name, message: `the piece on ${name} was lifted: it must be moved (touch move)` });
    } else {
      d.captureOrder = undefined;
      ctx.emit({ type: 'notice', message: `the piece on ${name} was put back: capture abandoned` });
      askAfterAbandon(blindView(ctx), point);
    }
    return;
  }

  if (sideOf(placed.cell) !== mover)
    return commitFoul(ctx, 'IllegalPlacement', `the ${opposite(mover)} piece from ${pointName(placed.from)} was set down on ${name}`);
  const captured = d.hand.find((h) => sideOf(h.cell) === opposite(mover));
  if (captured && captured.from !== point)
    return commitFoul(
      ctx,
      'IllegalPlacement',
      `the piece from ${pointName(placed.from)} must land on ${pointName(captured.from)} to capture, not ${name}`,
    );
  if (!captured && d.hand.length > 0) return commitFoul(ctx, 'TwoSpheresLifted', `another piece is still lifted: move one piece at a time`);
  const move: Move = { from: placed.from, to: point, capture: captured !== undefined };
  const checked = checkMove(pos, move);
  if (!checked.ok) return commitFoul(ctx, 'IllegalPlacement', placementReason(pointName(placed.from), name, checked.error.message));
  acceptMove(ctx, move);
}
