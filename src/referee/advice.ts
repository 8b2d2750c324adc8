/**
 * An engine's advice, fed to the referee by the app (inputs.ts, `Advice`): the computer's
 * move for the person at the board to carry out, or a hint for the side to move. The referee
 * checks it against the game as it stands now (the engine may have answered for a position
 * the game has left), keeps a computer move pending until the board shows it made, and counts
 * each player's hints for the match.
 */
import { inGame, type StepContext } from './context.ts';
import { acceptMove, currentGame } from './game-flow.ts';
import type { Advice } from './inputs.ts';
import type { GameTypes, SideOf } from './rules.ts';
import { foulInPlay } from './takeback.ts';

/** Said (a `notice`) when advice is refused; the state is unchanged. */
const refused = <G extends GameTypes>(ctx: StepContext<G>, a: Advice, why: string): void =>
  ctx.emit({ type: 'notice', message: `${a.role === 'computer' ? "the computer's move" : 'the hint'} ${a.move} ignored: ${why}` });

export function onAdvice<G extends GameTypes>(ctx: StepContext<G>, a: Advice): void {
  const { d, rules } = ctx;
  // A resync keeps the game's position: the advice is for it, and waits with it until the board is put right.
  if (!inGame(ctx) && d.phase !== 'resync') return refused(ctx, a, 'no game is in progress');
  const pos = d.game.position;
  if (a.position !== rules.formatPosition(pos)) return refused(ctx, a, 'the position has changed since it was asked for');
  if (d.computerMove) return refused(ctx, a, `the computer's move ${d.computerMove.notation} is still to be carried out`);
  const move = rules.legalMoves(pos).find((m) => rules.formatMove(m) === a.move);
  if (!move) return refused(ctx, a, `not a legal move for ${pos.turn} here`);
  const side: SideOf<G> = pos.turn;
  if (a.role === 'computer') {
    // The computer touched nothing: a piece the person lifted and put back before it answered binds no move.
    d.touched = undefined;
    d.computerMove = { move, notation: a.move };
    return ctx.emit({ type: 'computer-move', side, move: a.move, position: a.position });
  }
  const player = rules.match.players(d.match, currentGame(d.match))[side];
  const count = d.hints[player] + 1;
  d.hints = { ...d.hints, [player]: count };
  ctx.emit({ type: 'hint', side, player, move: a.move, count });
}

/**
 * A legal move the board shows completed: with a computer move pending, only that move is
 * taken (and clears it); any other is a `NotTheComputersMove` foul, its restore steps back to
 * the position before, the computer's move still pending.
 */
export function carryOut<G extends GameTypes>(ctx: StepContext<G>, move: G['move']): void {
  const pending = ctx.d.computerMove;
  const notation = ctx.rules.formatMove(move);
  if (!pending || pending.notation === notation) return acceptMove(ctx, move);
  foulInPlay(ctx, 'NotTheComputersMove', `${notation} is not the computer's move: carry out ${pending.notation}`);
}

/** The moves that may complete the turn: with a computer move pending, that move alone. */
export function movesAllowed<G extends GameTypes>(ctx: StepContext<G>, moves: readonly G['move'][]): readonly G['move'][] {
  const pending = ctx.d.computerMove;
  return pending ? moves.filter((m) => ctx.rules.formatMove(m) === pending.notation) : moves;
}
