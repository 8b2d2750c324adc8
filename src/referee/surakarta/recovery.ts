/**
 * While a foul stands (RULES.md: play waits until the board again matches the last legal
 * position, or the move is completed legally): is the board put right yet?
 */
import { legalMoves } from '../../rules/surakarta/moves.ts';
import { positionAfter } from '../../rules/surakarta/play.ts';
import { formatPosition } from '../../rules/surakarta/position-notation.ts';
import { EMPTY, cellOf, pointName, sideOf } from '../../rules/surakarta/types.ts';
import { occupancyDiff, restorationSteps, resyncReport, sameOccupancy } from './board-view.ts';
import type { StepContext } from './context.ts';
import { acceptMove } from './game-flow.ts';

export function checkFoulResolved(ctx: StepContext): void {
  const { d } = ctx;
  const pos = d.game.position;
  if (sameOccupancy(d.onBoard, pos.board)) {
    restore(ctx);
    return;
  }
  const moves = legalMoves(pos);
  const mine = cellOf(pos.turn);
  // A move completed legally clears the foul: the mover's own piece (known by the hand, not
  // one from nowhere) on its destination, and touch move still holds.
  const completed = moves.find(
    (m) =>
      (d.touched === undefined || m.from === d.touched) &&
      d.onBoard[m.to] === mine &&
      sameOccupancy(d.onBoard, positionAfter(pos, m).board),
  );
  if (completed) {
    acceptMove(ctx, completed);
    return;
  }
  const { missing, extra } = occupancyDiff(d.onBoard, pos.board);
  const lifted = missing[0];
  // Back to one piece legally lifted and in hand: the move goes on with it. Not after a roll:
  // nobody lifted that piece, so picking it up off the wrong point is taking it home, and
  // putting it there restores the board without a new touch.
  if (d.foul === 'Rolled' || extra.length !== 0 || missing.length !== 1 || lifted === undefined) return;
  const cell = pos.board[lifted] ?? EMPTY;
  const own = sideOf(cell) === pos.turn;
  const touchedOk = (from: number) => d.touched === undefined || d.touched === from;
  const usable = own
    ? touchedOk(lifted) && moves.some((m) => m.from === lifted)
    : moves.some((m) => m.capture && m.to === lifted && touchedOk(m.from));
  if (!usable) return;
  restore(ctx);
  d.onBoard[lifted] = EMPTY;
  d.hand = [{ cell, from: lifted }];
  const name = pointName(lifted);
  if (own)
    ctx.emit({
      type: 'lifted',
      side: pos.turn,
      well: name,
      destinations: moves
        .filter((m) => m.from === lifted)
        .map((m) => pointName(m.to))
        .sort(),
    });
  else {
    d.captureOrder = 'captured-first';
    ctx.emit({ type: 'capture-started', side: pos.turn, captured: name, order: 'captured-first' });
  }
}

function restore(ctx: StepContext): void {
  const { d } = ctx;
  d.onBoard = d.game.position.board.slice();
  d.hand = [];
  d.captureOrder = undefined;
  d.phase = 'play';
  d.foul = undefined;
  ctx.emit({ type: 'restored', side: d.game.position.turn, position: formatPosition(d.game.position) });
}

/**
 * While the board is resynced (after a restart, a holding attributed to nobody, the board
 * unheard): play goes on once it matches the last legal position. `message`: why, said with the first report.
 */
export function checkResync(ctx: StepContext, message?: string): void {
  const { d } = ctx;
  const pos = d.game.position;
  if (sameOccupancy(d.onBoard, pos.board)) {
    d.onBoard = pos.board.slice();
    d.hand = [];
    d.captureOrder = undefined;
    // The board is the last legal position again: a foul that stood before the restart is put right.
    d.foul = undefined;
    d.phase = 'play';
    d.lastResyncReport = undefined;
    ctx.emit({ type: 'resync-done', position: formatPosition(pos) });
    return;
  }
  const { report, differences } = resyncReport(d.onBoard, pos.board, d.lastResyncReport);
  d.lastResyncReport = report;
  if (differences)
    ctx.emit({ type: 'resync-needed', differences, restore: restorationSteps(d.onBoard, pos.board), ...(message ? { message } : {}) });
}
