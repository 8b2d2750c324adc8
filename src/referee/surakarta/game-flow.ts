/**
 * Starting and ending games, passes, fouls and their counting, and the match around them.
 *
 * Rulings the referee adds to RULES.md (Surakarta):
 * - A side with no legal move passes at once: a `notice` says so and the turn goes over; no
 *   `move` verdict is given, so the next `move` comes from the same side as the last.
 * - A forfeit (holding the board, a second foul under the tournament policy) loses the game;
 *   the winner scores its pieces in play and the side that forfeited scores nothing, so a
 *   forfeit never earns the loser match points.
 */
import { gameStatus, applyGamePass } from '../../rules/surakarta/game.ts';
import { currentGame, playerOf, recordSurakartaGame, sidesOfGame, type SurakartaGameEnd } from '../../rules/surakarta/match.ts';
import type { Move } from '../../rules/surakarta/moves.ts';
import { formatMove } from '../../rules/surakarta/notation.ts';
import { positionAfter } from '../../rules/surakarta/play.ts';
import { formatPosition } from '../../rules/surakarta/position-notation.ts';
import { pieceCounts, startPosition, type Position } from '../../rules/surakarta/position.ts';
import { opposite, pointName, type Side } from '../../rules/surakarta/types.ts';
import type { FoulCode } from '../verdicts.ts';
import { occupancyDiff, restorationSteps, sameOccupancy } from './board-view.ts';
import type { StepContext } from './context.ts';
import type { Draft } from './state.ts';

/** The position the next game starts from: the start position, or the settings' first position for game 1. */
export function setupPosition(d: Draft): Position {
  return d.match.games.length === 0 && d.settings.firstPosition ? d.settings.firstPosition : startPosition();
}

/** Forgets everything about the turn in progress: pieces in hand, touch move, a capture under way. */
export function clearTurn(d: Draft): void {
  d.hand = [];
  d.touched = undefined;
  d.captureOrder = undefined;
}

export function startGame(ctx: StepContext): void {
  const { d } = ctx;
  const position = setupPosition(d);
  clearTurn(d);
  d.game = { position };
  d.onBoard = position.board.slice();
  d.fouls = { light: 0, dark: 0 };
  d.foul = undefined;
  d.holding = undefined;
  d.phase = 'play';
  const number = currentGame(d.match);
  // sidesOfGame lists Light first: the side that moves first, as game-started asks.
  ctx.emit({ type: 'game-started', game: number, players: sidesOfGame(number), position: formatPosition(position) });
  // A first position may already be won, or have the side to move stuck.
  afterPosition(ctx);
}

/** Starts the next game once the start position stands on a board that nobody holds; says whether it did. */
export function checkSetup(ctx: StepContext): boolean {
  const { d } = ctx;
  if (d.phase === 'game-over' && !d.changedSinceOver) return false;
  if (d.interferenceSince !== undefined || !sameOccupancy(d.onBoard, setupPosition(d).board)) return false;
  startGame(ctx);
  return true;
}

export function reportSetup(ctx: StepContext): void {
  const { missing, extra } = occupancyDiff(ctx.d.onBoard, setupPosition(ctx.d).board);
  ctx.emit({ type: 'setup', game: currentGame(ctx.d.match), missing: missing.map(pointName), extra: extra.map(pointName) });
}

/** A forfeit: the other side wins and scores its pieces in play; the loser scores nothing. */
export function forfeitEnd(pos: Position, loser: Side, reason: string): SurakartaGameEnd {
  const pieces = pieceCounts(pos.board);
  return { winner: opposite(loser), reason, scores: loser === 'light' ? { ...pieces, light: 0 } : { ...pieces, dark: 0 } };
}

export function endGame(ctx: StepContext, end: SurakartaGameEnd): void {
  const { d } = ctx;
  const number = currentGame(d.match);
  const recorded = recordSurakartaGame(d.match, end);
  // The referee ends a game only while one is on, with counts taken from a board: never rejected.
  if (!recorded.ok) throw new Error(`referee bug: ${recorded.error.message}`);
  d.match = recorded.value;
  clearTurn(d);
  d.foul = undefined;
  d.interferenceSince = undefined;
  d.changedSinceOver = false;
  const awarded = d.match.games.at(-1)!.awarded;
  const winnerPlayer = end.winner === undefined ? undefined : playerOf(end.winner, number);
  ctx.emit({
    type: 'game-over',
    game: number,
    ...(end.winner && winnerPlayer ? { winner: end.winner, winnerPlayer } : {}),
    reason: end.reason,
    points: winnerPlayer ? awarded[winnerPlayer] : 0,
    awarded,
    score: { ...d.match.points },
  });
  if (d.match.over) {
    d.phase = 'match-over';
    const winner = d.match.winner;
    ctx.emit({ type: 'match-over', ...(winner ? { winner } : {}), score: { ...d.match.points }, games: d.match.games.length });
  } else {
    d.phase = 'game-over';
    reportSetup(ctx);
  }
}

/** After the position changed: the game may be won, or the side to move may have to pass. */
function afterPosition(ctx: StepContext): void {
  const { d } = ctx;
  const status = gameStatus(d.game);
  if (status.kind === 'over') {
    endGame(ctx, { ...(status.winner ? { winner: status.winner } : {}), reason: status.reason, scores: status.pieces });
    return;
  }
  if (status.kind !== 'must-pass') return;
  const passed = applyGamePass(d.game);
  if (!passed.ok) return;
  d.game = passed.value;
  ctx.emit({ type: 'notice', message: `${status.turn} has no legal move and passes: ${opposite(status.turn)} to move` });
}

/** A legal move has been completed on the board. */
export function acceptMove(ctx: StepContext, move: Move): void {
  const { d } = ctx;
  const before = d.game.position;
  const position = positionAfter(before, move);
  const captureOrder = move.capture ? d.captureOrder : undefined;
  d.game = { position };
  d.onBoard = position.board.slice();
  clearTurn(d);
  d.phase = 'play';
  d.foul = undefined;
  ctx.emit({
    type: 'move',
    side: before.turn,
    move: formatMove(move),
    position: formatPosition(position),
    ...(captureOrder ? { captureOrder } : {}),
  });
  afterPosition(ctx);
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
    endGame(ctx, forfeitEnd(pos, side, 'fouls'));
  }
}
