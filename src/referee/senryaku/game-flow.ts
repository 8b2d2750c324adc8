/** Starting and ending games, fouls and their counting, and the match around them. */
import { currentGameNumber, otherPlayer, playerOfSide, recordGame, whitePlayer } from '../../rules/match/track.ts';
import { gameResult, gameStatus, type EndReason } from '../../rules/senryaku/game.ts';
import { formatMove } from '../../rules/senryaku/notation.ts';
import type { Move } from '../../rules/senryaku/moves.ts';
import { positionAfter } from '../../rules/senryaku/play.ts';
import { startPosition, type Position } from '../../rules/senryaku/position.ts';
import { formatSpn } from '../../rules/senryaku/spn.ts';
import { opposite, type Color } from '../../rules/senryaku/types.ts';
import type { FoulCode } from '../verdicts.ts';
import { occupancyDiff, restorationSteps, resyncReport, sameOccupancy } from './board-view.ts';
import type { StepContext } from './context.ts';
import { UNKNOWN_SPHERE, type Draft } from './state.ts';
import { wellName } from '../../rules/senryaku/types.ts';

/** The position the next game starts from: the start position, or the settings' first position for game 1. */
export function setupPosition(d: Draft): Position {
  return d.match.games.length === 0 && d.settings.firstPosition ? d.settings.firstPosition : startPosition();
}

/** Forgets everything about the turn in progress: spheres in hand, touch move, a capture or tip being judged. */
function clearTurn(d: Draft): void {
  d.hand = [];
  d.touched = undefined;
  d.captureOrder = undefined;
  d.pendingCapture = undefined;
  d.pendingTip = undefined;
}

export function startGame(ctx: StepContext): void {
  const { d } = ctx;
  const position = setupPosition(d);
  clearTurn(d);
  d.game = { position };
  d.onBoard = position.board.slice();
  d.fouls = { white: 0, black: 0 };
  d.foul = undefined;
  d.lastAction = undefined;
  d.modelTipSince = undefined;
  d.modelTipReported = false;
  d.holding = undefined;
  d.phase = 'play';
  const white = whitePlayer(d.match);
  ctx.emit({
    type: 'game-started',
    game: currentGameNumber(d.match),
    players: { white, black: otherPlayer(white) },
    position: formatSpn(position),
  });
}

/** Starts the next game once the start position stands on a level board that nobody holds. */
export function checkSetup(ctx: StepContext): void {
  const { d } = ctx;
  if (d.phase === 'game-over' && !d.changedSinceOver) return;
  if (d.tipped || d.interferenceSince !== undefined) return;
  if (sameOccupancy(d.onBoard, setupPosition(d).board)) startGame(ctx);
}

export function reportSetup(ctx: StepContext): void {
  const { missing, extra } = occupancyDiff(ctx.d.onBoard, setupPosition(ctx.d).board);
  ctx.emit({ type: 'setup', game: currentGameNumber(ctx.d.match), missing: missing.map(wellName), extra: extra.map(wellName) });
}

export function endGame(ctx: StepContext, winner: Color, reason: EndReason): void {
  const { d } = ctx;
  const result = gameResult(winner, reason);
  const number = currentGameNumber(d.match);
  const winnerPlayer = playerOfSide(d.match, winner, number);
  const recorded = recordGame(d.match, result);
  if (!recorded.ok) throw new Error(`referee bug: ${recorded.error.message}`);
  d.match = recorded.value;
  d.game = { ...d.game, result };
  clearTurn(d);
  d.interferenceSince = undefined;
  d.changedSinceOver = false;
  ctx.emit({ type: 'game-over', game: number, winner, winnerPlayer, reason, points: result.points, score: { ...d.match.points } });
  if (d.match.winner) {
    d.phase = 'match-over';
    ctx.emit({ type: 'match-over', winner: d.match.winner, score: { ...d.match.points }, games: d.match.games.length });
  } else d.phase = 'game-over';
}

/** A legal move has been completed on the board. */
export function acceptMove(ctx: StepContext, move: Move): void {
  const { d } = ctx;
  const before = d.game.position;
  const mover = before.turn;
  const position = positionAfter(before, move);
  const captureOrder = move.capture ? d.captureOrder : undefined;
  d.game = { position };
  d.onBoard = position.board.slice();
  d.hand = [];
  d.touched = undefined;
  d.captureOrder = undefined;
  d.phase = 'play';
  d.foul = undefined;
  ctx.emit({
    type: 'move',
    side: mover,
    move: formatMove(move),
    position: formatSpn(position),
    balance: { tipMargin: ctx.model.tipMargins(position.board) },
    ...(captureOrder ? { captureOrder } : {}),
  });
  // A capture wins once the board has stood through the placement grace (see checkTimers).
  if (move.capture) {
    d.pendingCapture = { atMs: ctx.happenedAt };
    d.phase = 'game-over';
    d.changedSinceOver = false;
    return;
  }
  const status = gameStatus(d.game);
  if (status.kind === 'over') {
    ctx.emit({ type: 'forfeit', loser: position.turn, reason: 'no-move', message: `${position.turn} has no legal move` });
    endGame(ctx, status.winner, 'no-move');
  }
}

export function commitFoul(ctx: StepContext, code: FoulCode, message: string): void {
  const { d } = ctx;
  const pos = d.game.position;
  const side = pos.turn;
  d.fouls = { ...d.fouls, [side]: d.fouls[side] + 1 };
  d.phase = 'foul';
  d.foul = code;
  const count = d.fouls[side];
  ctx.emit({ type: 'foul', code, side, message, restore: restorationSteps(d.onBoard, pos.board), count });
  if (d.settings.policy === 'tournament' && count >= 2) {
    ctx.emit({ type: 'forfeit', loser: side, reason: 'fouls', message: `${side}'s second foul this game (tournament policy)` });
    endGame(ctx, opposite(side), 'fouls');
  }
}

/** While a foul stands: restored, completed legally, or back to one legally lifted sphere. */
export function checkFoulResolved(ctx: StepContext, legalSteps: readonly Move[]): void {
  const { d } = ctx;
  const pos = d.game.position;
  if (sameOccupancy(d.onBoard, pos.board)) {
    restore(ctx);
    return;
  }
  const completed = legalSteps.find((m) => !m.capture && sameOccupancy(d.onBoard, positionAfter(pos, m).board));
  if (completed && d.onBoard[completed.to] !== UNKNOWN_SPHERE) {
    acceptMove(ctx, completed);
    return;
  }
  const { missing, extra } = occupancyDiff(d.onBoard, pos.board);
  const lifted = missing[0];
  // Back to one sphere legally lifted, in hand: the move goes on with it. Not after a roll:
  // nobody lifted that sphere, so picking it up off the wrong well is taking it home, and
  // putting it there restores the board without a new touch.
  if (
    d.foul !== 'Rolled' &&
    extra.length === 0 &&
    missing.length === 1 &&
    lifted !== undefined &&
    legalSteps.some((m) => m.from === lifted) &&
    (d.touched === undefined || d.touched === lifted)
  ) {
    restore(ctx);
    d.onBoard[lifted] = 0;
    d.hand = [{ cell: pos.board[lifted] ?? UNKNOWN_SPHERE, from: lifted }];
  }
}

function restore(ctx: StepContext): void {
  const { d } = ctx;
  d.onBoard = d.game.position.board.slice();
  d.hand = [];
  d.captureOrder = undefined;
  d.phase = 'play';
  d.foul = undefined;
  ctx.emit({ type: 'restored', side: d.game.position.turn, position: formatSpn(d.game.position) });
}

/**
 * While the board is resynced: play goes on once it matches the last legal position on a
 * level board. `message`: why the resync, said with the first report.
 */
export function checkResync(ctx: StepContext, message?: string): void {
  const { d } = ctx;
  const pos = d.game.position;
  if (sameOccupancy(d.onBoard, pos.board) && !d.tipped) {
    d.onBoard = pos.board.slice();
    d.hand = [];
    d.phase = 'play';
    d.lastResyncReport = undefined;
    ctx.emit({ type: 'resync-done', position: formatSpn(pos) });
    return;
  }
  const { report, differences } = resyncReport(d.onBoard, pos.board, d.lastResyncReport);
  d.lastResyncReport = report;
  if (differences)
    ctx.emit({ type: 'resync-needed', differences, restore: restorationSteps(d.onBoard, pos.board), ...(message ? { message } : {}) });
}
