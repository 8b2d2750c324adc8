/**
 * Takeback (docs/referee.md, "Takeback"): in casual play the players put the last move back
 * on the board (the last `takebackPlies` moves: the computer's reply goes back with the
 * person's move), and the referee takes it back. It reads this from the board alone: the
 * pieces the moves moved go back where they came from, a captured piece is put back, and
 * nothing else on the board changes.
 *
 * Lifting the piece that just moved is a foul of the side to move (it is not theirs, or it is
 * locked), and so is setting it down on its old cell. In casual play such a foul is kept back
 * while the board is on its way back to the earlier position: said if the board leaves that
 * way, forgotten when the board gets there or back where it was. Under the tournament policy
 * the foul is said as always, and a board that shows the earlier position hears that the
 * takeback is refused.
 *
 * Not taken back: a game that ended with the move (a capture, a crash: the result is in the
 * match, and a crash's spilled spheres are no position to go back to); a move made while a
 * point was blind (what the board shows there is the referee's own account, not a sight).
 */
import type { StepContext } from './context.ts';
import { clearTurn, commitFoul } from './game-flow.ts';
import type { GameTypes } from './rules.ts';
import { blindPoints } from './sensor-health.ts';
import type { Draft, EarlierPly } from './state.ts';
import type { FoulCode } from './verdicts.ts';

const EMPTY = 0;

/** The position a takeback would go back to now, and the moves it would take back (oldest first). */
interface Way<G extends GameTypes> {
  readonly back: G['position'];
  readonly moves: readonly EarlierPly<G>[];
}

/** How many plies a takeback takes back under these settings. */
const pliesOf = <G extends GameTypes>(d: Draft<G>): number => d.settings.takebackPlies ?? 1;

/** The takeback the game would allow now, whatever the policy; undefined when there is none. */
function wayBack<G extends GameTypes>(ctx: StepContext<G>): Way<G> | undefined {
  const { d, rules } = ctx;
  const earlier = d.game.earlier ?? [];
  const n = pliesOf(d);
  if (n < 1 || earlier.length < n) return undefined;
  if (d.phase !== 'play' && d.phase !== 'foul') return undefined;
  if (rules.physics?.holdsJudgement(d.physics) || rules.physics?.heldEnding(d.physics) !== undefined) return undefined;
  if (blindPoints(d.sensors).size > 0) return undefined;
  const moves = earlier.slice(earlier.length - n);
  return { back: moves[0]!.before, moves };
}

/** Every change so far is a piece of the moves going back: the cells the moves did not change hold what they held, and the hand holds only pieces from cells they did. */
function onTheWay<G extends GameTypes>(d: Draft<G>, way: Way<G>): boolean {
  const now = d.game.position.board;
  const back = way.back.board;
  for (let c = 0; c < now.length; c++) if (now[c] === back[c] && d.onBoard[c] !== now[c]) return false;
  return d.hand.every((h) => now[h.from] !== back[h.from]);
}

/**
 * The board shows the earlier position (on the way there): each cell occupied as there, the
 * pieces on the cells the moves changed the ones that stood there, or pieces the moves
 * captured put back from off the board (the referee knows no piece that comes from nowhere).
 */
function arrived<G extends GameTypes>(ctx: StepContext<G>, way: Way<G>): boolean {
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
  // Pieces from off the board stand only where the moves captured one.
  return [...owed].every(([code, n]) => n <= (captured.get(code) ?? 0));
}

/**
 * While a takeback is under way, the piece that belongs on `cell` in the earlier position (the
 * referee cannot tell which of the pieces in hand was set down: the one that belongs there).
 */
export function pieceGoingBack<G extends GameTypes>(d: Draft<G>, cell: number): number | undefined {
  if (!d.takingBack) return undefined;
  const earlier = d.game.earlier ?? [];
  const first = earlier[earlier.length - pliesOf(d)];
  const code = first?.before.board[cell] ?? EMPTY;
  return code === EMPTY ? undefined : code;
}

/** Takes the moves back: the game goes on from the position the first of them was made in. */
function takeBack<G extends GameTypes>(ctx: StepContext<G>, way: Way<G>): void {
  const { d, rules } = ctx;
  const earlier = d.game.earlier ?? [];
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
 * A foul during play: kept back in casual play while the board is on its way back to the
 * earlier position (taken back at once if it is there), else said, with the tournament's
 * refusal after it when the board shows the earlier position.
 */
export function foulInPlay<G extends GameTypes>(ctx: StepContext<G>, code: FoulCode, message: string): void {
  const { d } = ctx;
  const way = wayBack(ctx);
  if (way && d.settings.policy === 'casual' && onTheWay(d, way)) {
    if (arrived(ctx, way)) return takeBack(ctx, way);
    d.takingBack = { code, message };
    return;
  }
  commitFoul(ctx, code, message);
  if (way && d.phase === 'foul' && onTheWay(d, way) && arrived(ctx, way)) refuse(ctx, way);
}

/** A change while a takeback is under way: taken back once the board is there; forgotten back where it was; said once it leaves the way. */
export function checkTakingBack<G extends GameTypes>(ctx: StepContext<G>): void {
  const { d } = ctx;
  const withheld = d.takingBack;
  if (!withheld) return;
  const way = wayBack(ctx);
  if (way && onTheWay(d, way)) {
    if (arrived(ctx, way)) return takeBack(ctx, way);
    if (d.hand.length > 0 || !ctx.engine.view.sameOccupancy(d.onBoard, d.game.position.board)) return;
    // Back where it was: nothing happened that needs saying.
    d.onBoard = d.game.position.board.slice();
    d.captureOrder = undefined;
    d.takingBack = undefined;
    return;
  }
  d.takingBack = undefined;
  commitFoul(ctx, withheld.code, withheld.message);
}

/**
 * While a foul stands: the board shows the earlier position. Casual play takes the moves back
 * (the foul said stays counted); the tournament policy refuses. Says whether it took them back.
 */
export function takenBackFromFoul<G extends GameTypes>(ctx: StepContext<G>): boolean {
  const way = wayBack(ctx);
  if (!way || !onTheWay(ctx.d, way) || !arrived(ctx, way)) return false;
  if (ctx.d.settings.policy !== 'casual') {
    refuse(ctx, way);
    return false;
  }
  takeBack(ctx, way);
  return true;
}
