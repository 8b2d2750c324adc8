/**
 * Putting the board right: while a foul stands (RULES.md: play waits until the board again
 * matches the last legal position, or the move is completed legally), and while the board is
 * resynced with the game (after a restart, a holding attributed to nobody, the board unheard).
 * What besides the restored board puts a foul right is the game's ruling (`foulRecovery`).
 */
import { movesAllowed } from './advice.ts';
import type { StepContext } from './context.ts';
import { acceptMove } from './game-flow.ts';
import { liftedVerdict } from './judge.ts';
import type { GameTypes } from './rules.ts';
import { takenBackFromFoul } from './takeback.ts';

const EMPTY = 0;

export function checkFoulResolved<G extends GameTypes>(ctx: StepContext<G>): void {
  const { d, rules } = ctx;
  const { sameOccupancy, occupancyDiff } = ctx.engine.view;
  const pos = d.game.position;
  if (sameOccupancy(d.onBoard, pos.board)) return restore(ctx);
  if (takenBackFromFoul(ctx)) return;
  const strict = rules.rulings.foulRecovery === 'moves';
  // With a computer move pending, only it completes the turn or goes on from a piece of it in hand.
  const moves = movesAllowed(ctx, rules.legalMoves(pos));
  const touchedOk = (from: number): boolean => d.touched === undefined || d.touched === from;
  const completed = strict
    ? // Any legal move, touch move holding, with the mover's own piece (known by the hand, not one from nowhere) on its destination.
      moves.find(
        (m) =>
          touchedOk(m.from) &&
          rules.sideOf(d.onBoard[m.to] ?? EMPTY) === pos.turn &&
          sameOccupancy(d.onBoard, rules.positionAfter(pos, m).board),
      )
    : // A legal step, its piece known on its destination.
      moves.find(
        (m) => !m.capture && sameOccupancy(d.onBoard, rules.positionAfter(pos, m).board) && d.onBoard[m.to] !== rules.board.unknownPiece,
      );
  if (completed) return acceptMove(ctx, completed);

  const { missing, extra } = occupancyDiff(d.onBoard, pos.board);
  const lifted = missing[0];
  // Back to one piece of a move in hand: the move goes on with it. Not after a roll: nobody
  // lifted that piece, so picking it up off the wrong cell is taking it home, and putting it
  // there restores the board without a new touch.
  if (d.foul === 'Rolled' || extra.length !== 0 || missing.length !== 1 || lifted === undefined) return;
  const code = pos.board[lifted] ?? EMPTY;
  const own = rules.sideOf(code) === pos.turn;
  const usable = own
    ? touchedOk(lifted) && moves.some((m) => m.from === lifted)
    : strict && moves.some((m) => m.capture && m.to === lifted && touchedOk(m.from));
  if (!usable) return;
  restore(ctx);
  d.onBoard[lifted] = EMPTY;
  d.hand = [{ cell: code, from: lifted }];
  if (!strict) return;
  if (own)
    liftedVerdict(
      ctx,
      lifted,
      moves.filter((m) => m.from === lifted).map((m) => m.to),
    );
  else {
    d.captureOrder = 'captured-first';
    ctx.emit({ type: 'capture-started', side: pos.turn, captured: rules.board.cellName(lifted), order: 'captured-first' });
  }
}

function restore<G extends GameTypes>(ctx: StepContext<G>): void {
  const { d, rules } = ctx;
  d.onBoard = d.game.position.board.slice();
  d.hand = [];
  d.captureOrder = undefined;
  d.phase = 'play';
  d.foul = undefined;
  ctx.emit({ type: 'restored', side: d.game.position.turn, position: rules.formatPosition(d.game.position) });
}

/**
 * While the board is resynced: play goes on once it matches the last legal position (on a
 * board that is not down). `message`: why the resync, said with the first report.
 */
export function checkResync<G extends GameTypes>(ctx: StepContext<G>, message?: string): void {
  const { d, rules } = ctx;
  const { sameOccupancy, resyncReport, restorationSteps } = ctx.engine.view;
  const pos = d.game.position;
  if (sameOccupancy(d.onBoard, pos.board) && rules.physics?.tilt(d.physics) === undefined) {
    d.onBoard = pos.board.slice();
    d.hand = [];
    d.captureOrder = undefined;
    // The board is the last legal position again: a foul that stood before is put right.
    d.foul = undefined;
    d.phase = 'play';
    d.lastResyncReport = undefined;
    ctx.emit({ type: 'resync-done', position: rules.formatPosition(pos) });
    return;
  }
  const { report, differences } = resyncReport(d.onBoard, pos.board, d.lastResyncReport);
  d.lastResyncReport = report;
  if (differences)
    ctx.emit({ type: 'resync-needed', differences, restore: restorationSteps(d.onBoard, pos.board), ...(message ? { message } : {}) });
}
