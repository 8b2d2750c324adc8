/**
 * How a simulated player plays its turn: which move, and how it handles the spheres. Mostly
 * sensible play (take a winning capture, avoid crashing the board), with the things real
 * players do now and then: a slow lift, a touched sphere put back, the wrong sphere
 * lifted, a sphere rolled instead of lifted, and once in a while a move that crashes.
 * Pure: the position, the balance model and a seeded generator in, a plan out.
 */
import type { Rng } from '../../hardware/sim/rng.ts';
import {
  legalMoves,
  moveOutcome,
  spheresOf,
  opposite,
  colouredOf,
  cellChar,
  type BalanceModel,
  type Move,
  type PieceChar,
  type Position,
  type Well,
} from '../../rules/senryaku/index.ts';

export const ANTICS = ['none', 'slow', 'touch', 'wrong-sphere', 'roll'] as const;
export type Antic = (typeof ANTICS)[number];

export interface TurnPlan {
  readonly move: Move;
  /** SPN letter of the moving sphere (to pick it from the hand during a capture). */
  readonly sphere: PieceChar;
  readonly antic: Antic;
  readonly captureOrder: 'captured-first' | 'capturer-first';
  readonly thinkMs: number;
  readonly holdMs: number;
  /** For wrong-sphere: the opponent's sphere lifted by mistake. */
  readonly wrongWell?: Well;
  /** For roll: how long the sphere takes to roll over, and how long it rests half-way (real rolls take 150–600 ms). */
  readonly roll?: { readonly durationMs: number; readonly pauseMs: number };
}

export interface PlanOdds {
  readonly crash: number;
  readonly slow: number;
  readonly touch: number;
  readonly wrongSphere: number;
  readonly roll: number;
}

export const DEFAULT_ODDS: PlanOdds = { crash: 0.02, slow: 0.08, touch: 0.03, wrongSphere: 0.02, roll: 0.02 };

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(0, items.length - 1)]!;

export function planTurn(pos: Position, model: BalanceModel, rng: Rng, odds: PlanOdds = DEFAULT_ODDS): TurnPlan | undefined {
  const moves = legalMoves(pos);
  if (moves.length === 0) return undefined;
  const judged = moves.map((m) => ({ m, o: moveOutcome(pos, m, model) }));
  const wins = judged.filter((j) => j.o.kind === 'capture');
  const safe = judged.filter((j) => j.o.kind === 'none');
  const crashing = judged.filter((j) => j.o.kind === 'crash');
  let choice;
  if (wins.length > 0 && rng.chance(0.9)) choice = pick(rng, wins);
  else if (crashing.length > 0 && (safe.length === 0 || rng.chance(odds.crash))) choice = pick(rng, crashing);
  else choice = pick(rng, safe.length > 0 ? safe : judged);
  const move = choice.m;
  const sphere = cellChar(pos.board[move.from] ?? 0) as PieceChar;

  const enemies = spheresOf(pos.board, opposite(pos.turn)).filter((w) => pos.board[w] !== colouredOf(opposite(pos.turn)));
  let antic: Antic = 'none';
  const roll = rng.float();
  let edge = odds.roll;
  if (!move.capture && roll < edge) antic = 'roll';
  else if (roll < (edge += odds.wrongSphere) && enemies.length > 0) antic = 'wrong-sphere';
  else if (roll < (edge += odds.touch)) antic = 'touch';
  else if (roll < (edge += odds.slow)) antic = 'slow';

  return {
    move,
    sphere,
    antic,
    captureOrder: rng.chance(0.5) ? 'captured-first' : 'capturer-first',
    thinkMs: Math.round(rng.uniform(500, 1400)),
    holdMs: Math.round(antic === 'slow' ? rng.uniform(2000, 3500) : rng.uniform(300, 800)),
    ...(antic === 'wrong-sphere' ? { wrongWell: pick(rng, enemies) } : {}),
    ...(antic === 'roll' ? { roll: { durationMs: Math.round(rng.uniform(150, 600)), pauseMs: rng.chance(0.3) ? Math.round(rng.uniform(100, 400)) : 0 } } : {}),
  };
}
