/**
 * Judging one physical action during play, against the last legal position: is this lift or
 * placement a legal part of a move, the end of one, or a foul?
 *
 * A capture is two lifts (the mover's piece and the piece it captures, in either order) and
 * one placement on the captured piece's cell. Which pieces a move may capture is the game's
 * (`capturable`); a piece whose side the referee does not know, once in hand, may be one.
 */
import { carryOut } from './advice.ts';
import { askAfterAbandon } from './blind-moves.ts';
import { blindView } from './blind-view.ts';
import { cellName, type StepContext } from './context.ts';
import { placementReason } from './foul-words.ts';
import type { GameTypes } from './rules.ts';
import type { HeldPiece } from './state.ts';
import { foulInPlay } from './takeback.ts';

const captureIsLegal = (moves: readonly { from: number; to: number; capture: boolean }[], from: number, to: number): boolean =>
  moves.some((m) => m.capture && m.from === from && m.to === to);

/** The mover lifted one of its own pieces: the destinations a `lifted` verdict names. */
export function liftedVerdict<G extends GameTypes>(ctx: StepContext<G>, cell: number, to: readonly number[]): void {
  const names = to.map((c) => cellName(ctx, c));
  if (ctx.rules.rulings.destinations === 'by-name') names.sort();
  ctx.emit({ type: 'lifted', side: ctx.d.game.position.turn, well: cellName(ctx, cell), destinations: names });
}

/** `code` was just lifted from `cell`; `before` is what was in hand before it. */
export function judgeLift<G extends GameTypes>(ctx: StepContext<G>, cell: number, code: number, before: readonly HeldPiece[]): void {
  const { d, rules } = ctx;
  const { piece } = rules.words;
  const pos = d.game.position;
  const mover = pos.turn;
  const name = cellName(ctx, cell);
  const side = rules.sideOf(code);
  const own = side === mover;
  const moves = rules.legalMoves(pos);
  const touchMove = (touched: number): string =>
    `${mover} touched the ${piece} on ${cellName(ctx, touched)}: that ${piece} must be moved, not ${name}`;
  const notYours = (): void =>
    foulInPlay(ctx, 'NotYourSphere', `the ${piece} on ${name} is ${rules.opposite(mover)}'s; it is ${mover}'s turn`);

  if (side === undefined) {
    if (rules.rulings.liftOnEmpty === 'foul')
      return foulInPlay(ctx, 'UnexpectedSphere', `a ${piece} was lifted from ${name}, where there should be none`);
    // Nothing a player did changed the board as the referee knows it: said, and held against nobody.
    return ctx.emit({ type: 'notice', message: `a lift was sensed on ${name}, where no ${piece} stands: ignored` });
  }

  if (before.length === 0) {
    if (own) {
      if (d.touched !== undefined && d.touched !== cell) return foulInPlay(ctx, 'TouchMove', touchMove(d.touched));
      const ruled = rules.liftFoul?.(pos, cell);
      if (ruled) return foulInPlay(ctx, ruled.code, ruled.message);
      const destinations = rules.movesFrom(pos, cell);
      if (destinations.length === 0) return foulInPlay(ctx, 'NoLegalDestination', `the ${piece} on ${name} has no legal move`);
      return liftedVerdict(
        ctx,
        cell,
        destinations.map((m) => m.to),
      );
    }
    if (!rules.capturable(code, mover)) return notYours();
    const capturers = moves.filter((m) => m.capture && m.to === cell);
    if (capturers.length === 0) {
      const foul = rules.messages.noCapturer(mover, name);
      return foulInPlay(ctx, foul.code, foul.message);
    }
    if (d.touched !== undefined && !capturers.some((m) => m.from === d.touched))
      return foulInPlay(ctx, 'TouchMove', `${mover} touched the ${piece} on ${cellName(ctx, d.touched)}: it cannot capture on ${name}`);
    d.captureOrder = 'captured-first';
    return ctx.emit({ type: 'capture-started', side: mover, captured: name, order: 'captured-first' });
  }

  const first = before[0]!;
  if (before.length === 1) {
    const firstSide = rules.sideOf(first.cell);
    if (firstSide === mover && rules.capturable(code, mover)) {
      if (!captureIsLegal(moves, first.from, cell))
        return foulInPlay(ctx, 'IllegalCaptureLift', `the ${piece} from ${cellName(ctx, first.from)} cannot capture on ${name}`);
      d.captureOrder = 'capturer-first';
      return ctx.emit({ type: 'capture-started', side: mover, captured: name, order: 'capturer-first' });
    }
    const firstMayBeCaptured = firstSide !== mover && (firstSide === undefined || rules.capturable(first.cell, mover));
    if (firstMayBeCaptured && own) {
      if (!captureIsLegal(moves, cell, first.from))
        return foulInPlay(ctx, 'IllegalCaptureLift', `the ${piece} on ${name} cannot capture on ${cellName(ctx, first.from)}`);
      if (d.touched !== undefined && d.touched !== cell) return foulInPlay(ctx, 'TouchMove', touchMove(d.touched));
      return liftedVerdict(ctx, cell, [first.from]);
    }
  }
  if (own) return foulInPlay(ctx, 'TwoSpheresLifted', `a second ${piece} was lifted from ${name}: move one ${piece} at a time`);
  if (rules.capturable(code, mover)) return foulInPlay(ctx, 'IllegalCaptureLift', rules.messages.cannotCaptureNow(name));
  return notYours();
}

/** `placed` (taken from the hand) was just set down on `cell`. */
export function judgePlacement<G extends GameTypes>(ctx: StepContext<G>, cell: number, placed: HeldPiece | undefined): void {
  const { d, rules } = ctx;
  const { piece } = rules.words;
  const pos = d.game.position;
  const mover = pos.turn;
  const name = cellName(ctx, cell);
  if (!placed) return foulInPlay(ctx, 'UnexpectedSphere', `a ${piece} was placed on ${name} that nobody had lifted`);
  const from = cellName(ctx, placed.from);

  if (placed.from === cell) {
    if (rules.sideOf(placed.cell) === mover) {
      if (d.hand.length === 0) d.captureOrder = undefined;
      // The person carrying out the computer's move touched a piece for it, not for themselves: no touch move.
      if (d.computerMove)
        return ctx.emit({
          type: 'notice',
          message: `the ${piece} on ${name} was put back: the computer's move is ${d.computerMove.notation}`,
        });
      d.touched ??= cell;
      ctx.emit({
        type: 'touch-move',
        side: mover,
        well: name,
        message: `the ${piece} on ${name} was lifted: it must be moved (touch move)`,
      });
    } else {
      d.captureOrder = undefined;
      ctx.emit({ type: 'notice', message: rules.messages.captureAbandoned(name) });
      askAfterAbandon(blindView(ctx), cell);
    }
    return;
  }

  if (rules.sideOf(placed.cell) !== mover) return foulInPlay(ctx, 'IllegalPlacement', rules.messages.notOwnPlaced(mover, from, name));
  const captured = d.hand.find((h) => rules.capturable(h.cell, mover));
  if (captured && captured.from !== cell)
    return foulInPlay(
      ctx,
      'IllegalPlacement',
      `the ${piece} from ${from} must land on ${cellName(ctx, captured.from)} to capture, not ${name}`,
    );
  if (!captured && d.hand.length > 0)
    return foulInPlay(ctx, 'TwoSpheresLifted', `another ${piece} is still lifted: move one ${piece} at a time`);
  const checked = rules.checkMove(pos, { from: placed.from, to: cell, capture: captured !== undefined });
  if (!checked.ok) return foulInPlay(ctx, 'IllegalPlacement', placementReason(from, name, checked.error.message));
  carryOut(ctx, checked.value);
}
