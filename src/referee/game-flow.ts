/** Starting and ending games, moves made and fouls counted, and the match around them. */
import { cellName, type StepContext } from './context.ts';
import type { GameEnd, GameStatus, GameTypes, MatchRecord, SideOf } from './rules.ts';
import { noFouls } from './initial-state.ts';
import type { Draft } from './state.ts';
import type { FoulCode, VerdictBody } from './verdicts.ts';

type ForfeitReason = Extract<VerdictBody, { type: 'forfeit' }>['reason'];

/** The 1-based number of the game being played (or next to be played). */
export const currentGame = (match: MatchRecord): number => match.games.length + 1;

/** The position the next game starts from: the start position, or the settings' first position for game 1. */
export function setupPosition<G extends GameTypes>(ctx: StepContext<G>): G['position'] {
  const { d } = ctx;
  return d.match.games.length === 0 && d.settings.firstPosition ? d.settings.firstPosition : ctx.rules.startPosition();
}

/** Forgets everything about the turn in progress: pieces in hand, touch move, a capture under way, the computer's move to carry out. */
export function clearTurn<G extends GameTypes>(d: Draft<G>): void {
  d.hand = [];
  d.touched = undefined;
  d.captureOrder = undefined;
  d.computerMove = undefined;
}

export function startGame<G extends GameTypes>(ctx: StepContext<G>): void {
  const { d, rules } = ctx;
  const position = setupPosition(ctx);
  clearTurn(d);
  d.game = { position };
  d.onBoard = position.board.slice();
  d.fouls = noFouls(rules);
  d.foul = undefined;
  if (rules.physics) d.physics = rules.physics.atGameStart(d.physics);
  d.holding = undefined;
  d.phase = 'play';
  const game = currentGame(d.match);
  ctx.emit({ type: 'game-started', game, players: rules.match.players(d.match, game), position: rules.formatPosition(position) });
  // A first position may already be won, or have the side to move stuck.
  if (rules.rulings.judgesFirstPosition) settle(ctx, rules.status(position, undefined));
}

/** Starts the next game once the start position stands on a board that nobody holds (and is not down); says whether it did. */
export function checkSetup<G extends GameTypes>(ctx: StepContext<G>): boolean {
  const { d, rules } = ctx;
  if (d.phase === 'game-over' && !d.changedSinceOver) return false;
  if (rules.physics?.tilt(d.physics) !== undefined || d.interferenceSince !== undefined) return false;
  if (!ctx.engine.view.sameOccupancy(d.onBoard, setupPosition(ctx).board)) return false;
  startGame(ctx);
  return true;
}

export function reportSetup<G extends GameTypes>(ctx: StepContext<G>): void {
  const { missing, extra } = ctx.engine.view.occupancyDiff(ctx.d.onBoard, setupPosition(ctx).board);
  const names = (cells: number[]): string[] => cells.map((c) => cellName(ctx, c));
  ctx.emit({ type: 'setup', game: currentGame(ctx.d.match), missing: names(missing), extra: names(extra) });
}

export function endGame<G extends GameTypes>(ctx: StepContext<G>, end: GameEnd<SideOf<G>>): void {
  const { d, rules } = ctx;
  const number = currentGame(d.match);
  const players = rules.match.players(d.match, number);
  const recorded = rules.match.record(d.match, end, d.game.position);
  // The referee ends a game only while one is on, from a position it holds: never rejected.
  if (!recorded.ok) throw new Error(`referee bug: ${recorded.error}`);
  const { match, points, awarded } = recorded.value;
  d.match = match;
  clearTurn(d);
  if (rules.physics) d.physics = rules.physics.atGameEnd(d.physics);
  d.foul = undefined;
  d.interferenceSince = undefined;
  d.changedSinceOver = false;
  const winner = end.winner;
  const winnerPlayer = winner === undefined ? undefined : players[winner];
  ctx.emit({
    type: 'game-over',
    game: number,
    ...(winner !== undefined && winnerPlayer ? { winner, winnerPlayer } : {}),
    reason: end.reason,
    points,
    ...(awarded ? { awarded } : {}),
    score: { ...match.points },
  });
  if (rules.match.over(match)) {
    d.phase = 'match-over';
    ctx.emit({
      type: 'match-over',
      ...(match.winner ? { winner: match.winner } : {}),
      score: { ...match.points },
      games: match.games.length,
    });
  } else {
    d.phase = 'game-over';
    if (rules.rulings.setupReports === 'while-waiting') reportSetup(ctx);
  }
}

/** `loser` forfeits the game: said with why, then the other side wins. */
export function forfeitGame<G extends GameTypes>(ctx: StepContext<G>, loser: SideOf<G>, reason: ForfeitReason, message: string): void {
  ctx.emit({ type: 'forfeit', loser, reason, message });
  endGame(ctx, { winner: ctx.rules.opposite(loser), reason, forfeit: true });
}

/** After a move (or at the start): the game goes on, ends, or its side to move loses or passes for want of a move. */
function settle<G extends GameTypes>(ctx: StepContext<G>, status: GameStatus<G>): void {
  const { d, rules } = ctx;
  const turn = d.game.position.turn;
  switch (status.kind) {
    case 'on':
      return;
    case 'no-move':
      return forfeitGame(ctx, turn, 'no-move', `${turn} has no legal move`);
    case 'must-pass':
      // The pass is part of the move before it: a takeback of that move takes the pass back too.
      d.game = { ...d.game, position: status.position };
      ctx.emit({ type: 'notice', message: `${turn} has no legal move and passes: ${rules.opposite(turn)} to move` });
      return;
    case 'over':
      if (rules.physics?.holdEnding(ctx, status.end)) return;
      endGame(ctx, status.end);
  }
}

/** A legal move has been completed on the board. */
export function acceptMove<G extends GameTypes>(ctx: StepContext<G>, move: G['move']): void {
  const { d, rules } = ctx;
  const before = d.game.position;
  const position = rules.positionAfter(before, move);
  const captureOrder = move.capture ? d.captureOrder : undefined;
  const notation = rules.formatMove(move);
  const byComputer = d.computerMove?.notation === notation ? ({ byComputer: true } as const) : {};
  d.game = { position, earlier: [...(d.game.earlier ?? []), { before, move: notation, ...byComputer }] };
  d.onBoard = position.board.slice();
  clearTurn(d);
  d.phase = 'play';
  d.foul = undefined;
  ctx.emit({
    type: 'move',
    side: before.turn,
    move: notation,
    position: rules.formatPosition(position),
    ...rules.physics?.moveVerdict(ctx, position),
    ...(captureOrder ? { captureOrder } : {}),
  });
  settle(ctx, rules.status(position, move));
}

export function commitFoul<G extends GameTypes>(ctx: StepContext<G>, code: FoulCode, message: string): void {
  const { d } = ctx;
  const pos = d.game.position;
  const side: SideOf<G> = pos.turn;
  const count = d.fouls[side] + 1;
  d.fouls = { ...d.fouls, [side]: count };
  d.phase = 'foul';
  d.foul = code;
  ctx.emit({ type: 'foul', code, side, message, restore: ctx.engine.view.restorationSteps(d.onBoard, pos.board), count });
  // A foul while the computer's move is being carried out was made by the person at the board
  // for the computer: it is called and counted (the restore steps matter, and everyone hears it),
  // but never forfeits. Forfeiting the computer's side would hand the person the game for their
  // own slip, and forfeiting the person's side would punish an honest mistake in someone
  // else's move; the computer's move stays pending until it is carried out right.
  if (d.settings.policy === 'tournament' && count >= 2 && !d.computerMove)
    forfeitGame(ctx, side, 'fouls', `${side}'s second foul this game (tournament policy)`);
}
