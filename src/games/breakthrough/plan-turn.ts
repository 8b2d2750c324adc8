/**
 * How a simulated Breakthrough player plays its turn: which move (a winning one when there is
 * one, captures preferred, else any legal move), and how the hand goes about it. Mostly clean
 * play, with what real players do now and then: a piece lifted and put back before it is
 * moved (hesitation, touch-move compliant), a piece held a while before it is set down, a
 * hand pressing on a square for less than the holding grace, and the occasional foul, which
 * the players then put right as the referee's restore steps say (the engine, src/players/):
 * an enemy piece lifted that nothing can capture, another piece lifted after one was
 * touched, a piece set down on a square it cannot reach, a piece slid instead of lifted.
 * Pure: the position and a seeded generator in, a plan out.
 */
import type { Rng } from '../../util/rng.ts';
import { anticFor, between, pick } from '../../players/draw.ts';
import type { CaptureOrder } from '../../referee/verdicts.ts';
import {
  EMPTY,
  SQUARES,
  cellChar,
  cellOf,
  fileOf,
  formatMove,
  gameStatus,
  legalMoves,
  opposite,
  positionAfter,
  rankOf,
  sideOf,
  type Move,
  type PieceChar,
  type Position,
  type Square,
} from './rules/index.ts';
import type { LiftPlaceAntic, LiftPlaceOdds } from '../../players/lift-place-hands.ts';

/** Captures are chosen this much more often than steps (a game of random steps goes on long). */
const CAPTURE_WEIGHT = 4;

/** A turn's antics are those the lift-and-place hands play (src/players/lift-place-hands.ts). */
export type BtAntic = LiftPlaceAntic;

/** The chance of each antic on a turn (they exclude each other): the lift-and-place hands' odds. */
export type BtPlanOdds = LiftPlaceOdds;

/** Odds that keep a game flowing: about one turn in five has something human in it, one in twelve a foul. */
export const BT_DEFAULT_ODDS: BtPlanOdds = {
  hesitate: 0.04,
  slow: 0.06,
  press: 0.03,
  notYourPiece: 0.02,
  touchMove: 0.02,
  illegalPlacement: 0.02,
  roll: 0.02,
};

/** A hand's press on a square: heavier than any piece, shorter than the referee's 2 s holding grace. */
export const PRESS_GRAMS = { min: 400, max: 800 } as const;
export const PRESS_MS = { min: 300, max: 1200 } as const;
/** A slow lift keeps the piece in hand this long. */
export const SLOW_HOLD_MS = { min: 1000, max: 1800 } as const;
/** A slide the sensing reads as a roll (a quick one reads as a lift and a placement). */
export const ROLL_MS = { min: 300, max: 500 } as const;
export const ROLL_PAUSE_MS = { min: 250, max: 450 } as const;

export interface BtTurnPlan {
  readonly move: Move;
  /** The moving piece's letter (to pick it from the hand during a capture). */
  readonly piece: PieceChar;
  readonly antic: BtAntic;
  readonly captureOrder: CaptureOrder;
  readonly thinkMs: number;
  /** From the last lift to the placement. */
  readonly holdMs: number;
  /**
   * not-your-piece: the enemy piece lifted; touch-move: the other own piece lifted;
   * illegal-placement: the square the moving piece is set down on.
   */
  readonly wrongSquare?: Square;
  readonly roll?: { readonly durationMs: number; readonly pauseMs: number };
  readonly press?: { readonly square: Square; readonly grams: number; readonly durationMs: number };
}

const distance = (a: Square, b: Square): number => Math.max(Math.abs(fileOf(a) - fileOf(b)), Math.abs(rankOf(a) - rankOf(b)));

/** A winning move when there is one, else any, captures weighted. */
function chooseMove(pos: Position, moves: readonly Move[], rng: Rng): Move {
  const winning = moves.filter((m) => gameStatus(positionAfter(pos, m)).kind === 'over');
  if (winning.length > 0) return pick(rng, winning);
  return pick(
    rng,
    moves.flatMap((m) => (m.capture ? Array<Move>(CAPTURE_WEIGHT).fill(m) : [m])),
  );
}

/**
 * The side to move's turn, or undefined when the game is over. `chosen`: the move to play (its
 * notation), where it is decided elsewhere (the computer's); undefined if it is not legal.
 */
export function planBreakthroughTurn(pos: Position, rng: Rng, odds: BtPlanOdds = BT_DEFAULT_ODDS, chosen?: string): BtTurnPlan | undefined {
  const moves = legalMoves(pos);
  if (gameStatus(pos).kind === 'over' || moves.length === 0) return undefined;
  const move = chosen === undefined ? chooseMove(pos, moves, rng) : moves.find((m) => formatMove(m) === chosen);
  if (!move) return undefined;
  const piece = cellChar(cellOf(pos.turn))!;

  // What each foul needs: an enemy piece nothing can capture, another own piece with a move, a square the mover cannot reach.
  const squares = Array.from({ length: SQUARES }, (_, s) => s);
  const untouchable = squares.filter((s) => sideOf(pos.board[s] ?? EMPTY) === opposite(pos.turn) && !moves.some((m) => m.to === s));
  const others = [...new Set(moves.map((m) => m.from))].filter((from) => from !== move.from);
  const unreachable = squares.filter((s) => pos.board[s] === EMPTY && !moves.some((m) => m.from === move.from && m.to === s));
  // A near miss is what a hand does: a square close by when there is one.
  const nearMiss = unreachable.filter((s) => distance(s, move.from) <= 2);

  const antic = anticFor<BtAntic>(rng.float(), [
    { antic: 'hesitate', chance: odds.hesitate },
    { antic: 'slow', chance: odds.slow },
    { antic: 'press', chance: odds.press },
    { antic: 'not-your-piece', chance: odds.notYourPiece, possible: untouchable.length > 0 },
    { antic: 'touch-move', chance: odds.touchMove, possible: others.length > 0 },
    { antic: 'illegal-placement', chance: odds.illegalPlacement, possible: unreachable.length > 0 },
    { antic: 'roll', chance: odds.roll, possible: !move.capture },
  ]);

  const captureOrder: CaptureOrder = rng.chance(0.5) ? 'captured-first' : 'capturer-first';
  const thinkMs = rng.int(400, 1200);
  const holdMs = antic === 'slow' ? between(rng, SLOW_HOLD_MS) : rng.int(300, 700);
  const plan: BtTurnPlan = { move, piece, antic, captureOrder, thinkMs, holdMs };
  switch (antic) {
    case 'not-your-piece':
      return { ...plan, wrongSquare: pick(rng, untouchable) };
    case 'touch-move':
      return { ...plan, wrongSquare: pick(rng, others) };
    case 'illegal-placement':
      return { ...plan, wrongSquare: pick(rng, nearMiss.length > 0 ? nearMiss : unreachable) };
    case 'roll':
      return { ...plan, roll: { durationMs: between(rng, ROLL_MS), pauseMs: between(rng, ROLL_PAUSE_MS) } };
    case 'press':
      return {
        ...plan,
        press: { square: rng.int(0, SQUARES - 1), grams: between(rng, PRESS_GRAMS), durationMs: between(rng, PRESS_MS) },
      };
    default:
      return plan;
  }
}
