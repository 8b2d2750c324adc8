/**
 * Judging one physical action during play, against the last legal position:
 * is this lift or placement a legal part of a move, the end of one, or a foul?
 */
import { legalMoves, checkMove, movesFrom, type Move } from '../../rules/senryaku/moves.ts';
import { cellColor, colouredOf, opposite, wellName, type Well } from '../../rules/senryaku/types.ts';
import { askAfterAbandon } from '../blind-moves.ts';
import { blindView } from './blind.ts';
import type { StepContext } from './context.ts';
import { acceptMove, commitFoul } from './game-flow.ts';
import type { HeldSphere } from './state.ts';
import { placementReason } from '../foul-words.ts';

const captureIsLegal = (moves: readonly Move[], from: Well, to: Well): boolean =>
  moves.some((m) => m.capture && m.from === from && m.to === to);

/** `cell` was just lifted from `well`; `before` is what was in hand before it. */
export function judgeLift(ctx: StepContext, well: Well, cell: number, before: readonly HeldSphere[]): void {
  const { d } = ctx;
  const pos = d.game.position;
  const mover = pos.turn;
  const enemyColoured = colouredOf(opposite(mover));
  const name = wellName(well);
  const moves = legalMoves(pos);
  const own = cell !== 0 && cellColor(cell) === mover;

  if (cell === 0) return commitFoul(ctx, 'UnexpectedSphere', `a sphere was lifted from ${name}, where there should be none`);

  if (before.length === 0) {
    if (own) {
      if (d.touched !== undefined && d.touched !== well)
        return commitFoul(
          ctx,
          'TouchMove',
          `${mover} touched the sphere on ${wellName(d.touched)}: that sphere must be moved, not ${name}`,
        );
      if (pos.locked[mover] === well)
        return commitFoul(ctx, 'LockedSphere', `the sphere on ${name} moved last turn and is locked: move another sphere first`);
      const destinations = movesFrom(pos, well);
      if (destinations.length === 0) return commitFoul(ctx, 'NoLegalDestination', `the sphere on ${name} has no legal move`);
      ctx.emit({ type: 'lifted', side: mover, well: name, destinations: destinations.map((m) => wellName(m.to)) });
      return;
    }
    if (cell === enemyColoured) {
      const capturers = moves.filter((m) => m.capture && m.to === well);
      if (capturers.length === 0)
        return commitFoul(ctx, 'IllegalCaptureLift', `no sphere of ${mover} can capture the coloured sphere on ${name}`);
      if (d.touched !== undefined && !capturers.some((m) => m.from === d.touched))
        return commitFoul(ctx, 'TouchMove', `${mover} touched the sphere on ${wellName(d.touched)}: it cannot capture on ${name}`);
      d.captureOrder = 'captured-first';
      ctx.emit({ type: 'capture-started', side: mover, captured: name, order: 'captured-first' });
      return;
    }
    return commitFoul(ctx, 'NotYourSphere', `the sphere on ${name} is ${opposite(mover)}'s; it is ${mover}'s turn`);
  }

  const first = before[0]!;
  if (before.length === 1) {
    const firstOwn = cellColor(first.cell) === mover;
    if (firstOwn && cell === enemyColoured) {
      if (!captureIsLegal(moves, first.from, well))
        return commitFoul(ctx, 'IllegalCaptureLift', `the sphere from ${wellName(first.from)} cannot capture on ${name}`);
      d.captureOrder = 'capturer-first';
      ctx.emit({ type: 'capture-started', side: mover, captured: name, order: 'capturer-first' });
      return;
    }
    if (first.cell === enemyColoured && own) {
      if (!captureIsLegal(moves, well, first.from))
        return commitFoul(ctx, 'IllegalCaptureLift', `the sphere on ${name} cannot capture on ${wellName(first.from)}`);
      if (d.touched !== undefined && d.touched !== well)
        return commitFoul(
          ctx,
          'TouchMove',
          `${mover} touched the sphere on ${wellName(d.touched)}: that sphere must be moved, not ${name}`,
        );
      ctx.emit({ type: 'lifted', side: mover, well: name, destinations: [wellName(first.from)] });
      return;
    }
  }
  if (own) return commitFoul(ctx, 'TwoSpheresLifted', `a second sphere was lifted from ${name}: move one sphere at a time`);
  if (cell === enemyColoured) return commitFoul(ctx, 'IllegalCaptureLift', `the coloured sphere on ${name} cannot be captured now`);
  return commitFoul(ctx, 'NotYourSphere', `the sphere on ${name} is ${opposite(mover)}'s; it is ${mover}'s turn`);
}

/** `placed` (taken from the hand) was just set down on `well`. */
export function judgePlacement(ctx: StepContext, well: Well, placed: HeldSphere | undefined): void {
  const { d } = ctx;
  const pos = d.game.position;
  const mover = pos.turn;
  const name = wellName(well);
  if (!placed) return commitFoul(ctx, 'UnexpectedSphere', `a sphere was placed on ${name} that nobody had lifted`);

  if (placed.from === well) {
    if (cellColor(placed.cell) === mover) {
      d.touched ??= well;
      if (d.hand.length === 0) d.captureOrder = undefined;
      ctx.emit({ type: 'touch-move', side: mover, well: name, message: `the sphere on ${name} was lifted: it must be moved (touch move)` });
    } else {
      d.captureOrder = undefined;
      ctx.emit({ type: 'notice', message: `the coloured sphere was put back on ${name}: capture abandoned` });
      askAfterAbandon(blindView(ctx), well);
    }
    return;
  }

  if (cellColor(placed.cell) === mover) {
    const enemyColoured = colouredOf(opposite(mover));
    const captured = d.hand.find((h) => h.cell === enemyColoured);
    const move: Move = { from: placed.from, to: well, capture: captured !== undefined };
    if (captured && captured.from !== well)
      return commitFoul(
        ctx,
        'IllegalPlacement',
        `the sphere from ${wellName(placed.from)} must land on ${wellName(captured.from)} to capture, not ${name}`,
      );
    if (!captured && d.hand.length > 0)
      return commitFoul(ctx, 'TwoSpheresLifted', `another sphere is still lifted: move one sphere at a time`);
    const checked = checkMove(pos, move);
    if (!checked.ok) return commitFoul(ctx, 'IllegalPlacement', placementReason(wellName(placed.from), name, checked.error.message));
    acceptMove(ctx, move);
    return;
  }
  return commitFoul(ctx, 'IllegalPlacement', `the sphere from ${wellName(placed.from)} was set down on ${name}`);
}
