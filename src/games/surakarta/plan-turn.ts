/**
 * How a simulated Surakarta player plays its turn: which move (a legal one at random,
 * captures preferred so that a game ends), and how the hand goes about it. Mostly clean
 * play, with what real players do now and then: a piece lifted and put back before it is
 * moved (hesitation, touch-move compliant), a piece held a while before it is set down, a
 * hand pressing on a point for less than the holding grace, and the occasional foul, which
 * the players then put right as the referee's restore steps say (the engine, src/players/):
 * an enemy piece lifted that nothing can capture, another piece lifted after one was
 * touched, a piece set down on a point it cannot reach, a piece slid instead of lifted.
 * Pure: the position and a seeded generator in, a plan out.
 */
import type { Rng } from '../../util/rng.ts';
import { anticFor, between, pick } from '../../players/draw.ts';
import type { CaptureOrder } from '../../referee/verdicts.ts';
import {
  EMPTY,
  POINTS,
  cellChar,
  cellOf,
  fileOf,
  formatMove,
  legalMoves,
  opposite,
  piecesOf,
  rankOf,
  type Move,
  type PieceChar,
  type Point,
  type Position,
} from './rules/index.ts';
import type { LiftPlaceAntic, LiftPlaceOdds } from '../../players/lift-place-hands.ts';

/** Captures are chosen this much more often than steps (random steps alone rarely end a game). */
const CAPTURE_WEIGHT = 8;

/** A turn's antics are those the lift-and-place hands play (src/players/lift-place-hands.ts). */
export type SkAntic = LiftPlaceAntic;

/** The chance of each antic on a turn (they exclude each other): the lift-and-place hands' odds. */
export type SkPlanOdds = LiftPlaceOdds;

/** Odds that keep a game flowing: about one turn in five has something human in it, one in twelve a foul. */
export const SK_DEFAULT_ODDS: SkPlanOdds = {
  hesitate: 0.04,
  slow: 0.06,
  press: 0.03,
  notYourPiece: 0.02,
  touchMove: 0.02,
  illegalPlacement: 0.02,
  roll: 0.02,
};

/** A hand's press on a point: heavier than any piece, shorter than the referee's 2 s holding grace. */
export const PRESS_GRAMS = { min: 400, max: 800 } as const;
export const PRESS_MS = { min: 300, max: 1200 } as const;
/** A slow lift keeps the piece in hand this long. */
export const SLOW_HOLD_MS = { min: 1000, max: 2000 } as const;
/** A slide the sensing reads as a roll (a quick one reads as a lift and a placement). */
export const ROLL_MS = { min: 300, max: 500 } as const;
export const ROLL_PAUSE_MS = { min: 250, max: 450 } as const;

export interface SkTurnPlan {
  readonly move: Move;
  /** The moving piece's letter (to pick it from the hand during a capture). */
  readonly piece: PieceChar;
  readonly antic: SkAntic;
  readonly captureOrder: CaptureOrder;
  readonly thinkMs: number;
  /** From the last lift to the placement. */
  readonly holdMs: number;
  /**
   * not-your-piece: the enemy piece lifted; touch-move: the other own piece lifted;
   * illegal-placement: the point the moving piece is set down on.
   */
  readonly wrongPoint?: Point;
  readonly roll?: { readonly durationMs: number; readonly pauseMs: number };
  readonly press?: { readonly point: Point; readonly grams: number; readonly durationMs: number };
}

const distance = (a: Point, b: Point): number => Math.max(Math.abs(fileOf(a) - fileOf(b)), Math.abs(rankOf(a) - rankOf(b)));

/**
 * The side to move's turn, or undefined when it has no legal move (the referee passes it). `chosen`: the move to play (its
 * notation), where it is decided elsewhere (the computer's); undefined if it is not legal.
 */
export function planSurakartaTurn(pos: Position, rng: Rng, odds: SkPlanOdds = SK_DEFAULT_ODDS, chosen?: string): SkTurnPlan | undefined {
  const moves = legalMoves(pos);
  if (moves.length === 0) return undefined;
  const weighted = moves.flatMap((m) => (m.capture ? Array<Move>(CAPTURE_WEIGHT).fill(m) : [m]));
  const move = chosen === undefined ? pick(rng, weighted) : moves.find((m) => formatMove(m) === chosen);
  if (!move) return undefined;
  const piece = cellChar(cellOf(pos.turn))!;

  // What each foul needs: an enemy piece nothing can capture, another own piece, a point the mover cannot reach.
  const untouchable = piecesOf(pos.board, opposite(pos.turn)).filter((p) => !moves.some((m) => m.capture && m.to === p));
  const others = piecesOf(pos.board, pos.turn).filter((p) => p !== move.from);
  const unreachable = Array.from({ length: POINTS }, (_, p) => p).filter(
    (p) => pos.board[p] === EMPTY && !moves.some((m) => m.from === move.from && m.to === p),
  );
  // A near miss is what a hand does: two points off when there is such a point.
  const nearMiss = unreachable.filter((p) => distance(p, move.from) === 2);

  // A foul that cannot be done on this board (nothing to lift, no point to miss) is no antic.
  const antic: SkAntic = anticFor(rng.float(), [
    { antic: 'hesitate', chance: odds.hesitate },
    { antic: 'slow', chance: odds.slow },
    { antic: 'press', chance: odds.press },
    { antic: untouchable.length > 0 ? 'not-your-piece' : 'none', chance: odds.notYourPiece },
    { antic: others.length > 0 ? 'touch-move' : 'none', chance: odds.touchMove },
    { antic: unreachable.length > 0 ? 'illegal-placement' : 'none', chance: odds.illegalPlacement },
    { antic: move.capture ? 'none' : 'roll', chance: odds.roll },
  ]);

  const captureOrder: CaptureOrder = rng.chance(0.5) ? 'captured-first' : 'capturer-first';
  const thinkMs = rng.int(400, 1200);
  const holdMs = antic === 'slow' ? between(rng, SLOW_HOLD_MS) : rng.int(300, 700);
  const plan: SkTurnPlan = { move, piece, antic, captureOrder, thinkMs, holdMs };
  switch (antic) {
    case 'not-your-piece':
      return { ...plan, wrongPoint: pick(rng, untouchable) };
    case 'touch-move':
      return { ...plan, wrongPoint: pick(rng, others) };
    case 'illegal-placement':
      return { ...plan, wrongPoint: pick(rng, nearMiss.length > 0 ? nearMiss : unreachable) };
    case 'roll':
      return { ...plan, roll: { durationMs: between(rng, ROLL_MS), pauseMs: between(rng, ROLL_PAUSE_MS) } };
    case 'press':
      return {
        ...plan,
        press: { point: rng.int(0, POINTS - 1), grams: between(rng, PRESS_GRAMS), durationMs: between(rng, PRESS_MS) },
      };
    default:
      return plan;
  }
}
