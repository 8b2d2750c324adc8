/**
 * Takeback (docs/referee.md, "Takeback"): in casual play the players put the last move back
 * on the board (the last `takebackPlies` moves: the computer's reply goes back with the
 * person's move; while the reply is not on the board yet, the person's move alone), and the
 * referee takes it back. It reads this from the board alone, once the
 * board shows the earlier position: the pieces the moves moved back where they came from, a
 * captured piece set back on its cell, nothing else changed.
 *
 * Until then every action is judged as always: lifting the piece that just moved is a foul of
 * the side to move (it is not theirs, or it is locked), since the referee cannot know yet that
 * it is going back. When the board then shows the earlier position, that foul is withdrawn
 * with the moves: it was the takeback. Under the tournament policy the foul stands, and the
 * board showing the earlier position hears that the takeback is refused.
 *
 * Not taken back: a game that ended with the move (a capture, a crash: the result is in the
 * match, and a crash's spilled spheres are no position to go back to); a move made while a
 * point was blind (what the board shows there is the referee's own account, not a sight).
 */
import type { StepContext } from './context.ts';
import { clearTurn, commitFoul } from './game-flow.ts';
import type { GameTypes, SideOf } from './rules.ts';
import { blindPoints } from './sensor-health.ts';
import type { EarlierPly } from './state.ts';
import type { FoulCode } from './verdicts.ts';

const EMPTY = 0;

/** The position a takeback would go back to now, and the moves it would take back (oldest first). */
interface Way<G extends GameTypes> {
  readonly back: G['position'];
  readonly moves: readonly EarlierPly<G>[];
}

/** The takeback the game would allow now, whatever the policy; undefined when there is none. */
function wayBack<G extends GameTypes>(ctx: StepContext<G>): Way<G> | undefined {
  const { d, rules } = ctx;
  const earlier = d.game.earlier ?? [];
  // The setting counts the computer's reply with the person's move. Until the reply is on the
  // board (the computer still thinking, or its move said and not yet carried out) the last ply
  // is the person's: taking it back alone is one ply fewer, and the computer's search for the
  // position it leaves is stale (the app cancels it; a late answer is refused by position).
  const plies = d.settings.takebackPlies ?? 1;
  const n = plies > 1 && earlier.at(-1)?.byComputer !== true ? plies - 1 : plies;
  if (n < 1 || earlier.length < n) return undefined;
  if (d.phase !== 'play' && d.phase !== 'foul') return undefined;
  if (rules.physics?.holdsJudgement(d.physics) || rules.physics?.heldEnding(d.physics) !== undefined) return undefined;
  if (blindPoints(d.sensors).size > 0) return undefined;
  const moves = earlier.slice(earlier.length - n);
  return { back: moves[0]!.before, moves };
}

/**
 * The board shows the earlier position: nothing in hand, each cell occupied as there, the
 * pieces the referee knows where they stood there, and a piece it does not know (set down from
 * off the board) only where a move captured one of that kind.
 */
function shows<G extends GameTypes>(ctx: StepContext<G>, way: Way<G>): boolean {
  const { d } = ctx;
  const unknown = ctx.rules.board.unknownPiece;
  const now = d.game.position.board;
  const back = way.back.board;
  if (d.hand.length > 0) return false;
  const count = (m: Map<number, number>, code: number, by: number): void => void m.set(code, (m.get(code) ?? 0) + by);
  const owed = new Map<number, number>();
  const captured = new Map<number, number>();
  for (let c = 0; c < back.length; c++) {
    const want = back[c] ?? EMPTY;
    const has = d.onBoard[c] ?? EMPTY;
    count(captured, want, 1);
    count(captured, now[c] ?? EMPTY, -1);
    if ((want === EMPTY) !== (has === EMPTY)) return false;
    if (has === want) continue;
    if (has !== unknown || want === (now[c] ?? EMPTY)) return false;
    count(owed, want, 1);
  }
  return [...owed].every(([code, n]) => n <= (captured.get(code) ?? 0));
}

/**
 * Which of the pieces in hand was set down on `cell` (the sensors cannot tell), while a foul
 * stands in casual play: the one that stood there in the position a takeback would go back to,
 * if the moves changed that cell and it is in hand. Undefined: the usual rule decides.
 */
export function pieceGoingBack<G extends GameTypes>(ctx: StepContext<G>, cell: number): number | undefined {
  const { d } = ctx;
  if (d.phase !== 'foul' || d.settings.policy !== 'casual' || d.hand.length < 2) return undefined;
  const way = wayBack(ctx);
  const code = way?.back.board[cell] ?? EMPTY;
  if (!way || code === EMPTY || code === d.game.position.board[cell]) return undefined;
  return code;
}

/** Takes the moves back: the game goes on from the position the first of them was made in; a foul that stood is withdrawn. */
function takeBack<G extends GameTypes>(ctx: StepContext<G>, way: Way<G>): void {
  const { d, rules } = ctx;
  const earlier = d.game.earlier ?? [];
  const mover: SideOf<G> = d.game.position.turn;
  const withdrawn = d.phase === 'foul' && d.foul !== undefined ? { side: mover, code: d.foul } : undefined;
  if (withdrawn) d.fouls = { ...d.fouls, [mover]: Math.max(0, d.fouls[mover] - 1) };
  d.game = { position: way.back, earlier: earlier.slice(0, earlier.length - way.moves.length) };
  d.onBoard = way.back.board.slice();
  clearTurn(d);
  d.phase = 'play';
  d.foul = undefined;
  ctx.emit({
    type: 'takeback',
    side: way.back.turn,
    plies: way.moves.length,
    moves: way.moves.map((m) => ({ side: m.before.turn, move: m.move })),
    position: rules.formatPosition(way.back),
    ...(withdrawn ? { withdrawn } : {}),
  });
}

/** Under the tournament policy, a board that shows the earlier position hears that it is not taken back (the foul stands). */
function refuse<G extends GameTypes>(ctx: StepContext<G>, way: Way<G>): void {
  const moves = way.moves.map((m) => `${m.before.turn}'s ${m.move}`).join(', ');
  ctx.emit({
    type: 'notice',
    message: `takeback refused: tournament policy (${moves} ${way.moves.length === 1 ? 'stands' : 'stand'}: put the board back as it was)`,
  });
}

/**
 * A foul during play: no foul where it leaves the board showing the earlier position in casual
 * play (the moves are taken back); else said, with the tournament's refusal after it when the
 * board shows the earlier position.
 */
export function foulInPlay<G extends GameTypes>(ctx: StepContext<G>, code: FoulCode, message: string): void {
  const way = wayBack(ctx);
  const there = way !== undefined && shows(ctx, way);
  if (there && ctx.d.settings.policy === 'casual') return takeBack(ctx, way);
  commitFoul(ctx, code, message);
  if (there && ctx.d.phase === 'foul') refuse(ctx, way);
}

/**
 * While a foul stands: the board shows the earlier position. Casual play takes the moves back
 * (the foul withdrawn); the tournament policy refuses. Says whether it took them back.
 */
export function takenBackFromFoul<G extends GameTypes>(ctx: StepContext<G>): boolean {
  const way = wayBack(ctx);
  if (!way || !shows(ctx, way)) return false;
  if (ctx.d.settings.policy !== 'casual') {
    refuse(ctx, way);
    return false;
  }
  takeBack(ctx, way);
  return true;
}
