/**
 * How a simulated player plays its turn: which move, and how it handles the spheres. Mostly
 * sensible play (take a winning capture, avoid crashing the board), with the things real
 * players do now and then: a slow lift, a touched sphere put back, the wrong sphere
 * lifted, a sphere rolled instead of lifted, and once in a while a move that crashes.
 * Off by default (odds 0, so that a seed plays as it always did), the rest of what players
 * do on real boards (issue 10): a hand resting on the rim for half a second, a hand really
 * holding the board for 3 s, and two own spheres in hand at once.
 * Pure: the position, the balance model and a seeded generator in, a plan out. The
 * engine (src/players/) plays the plan; players.ts turns it into hand actions.
 */
import type { Rng } from '../../util/rng.ts';
import { anticFor, pick } from '../../players/draw.ts';
import {
  formatMove,
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
} from './rules/index.ts';

export const ANTICS = ['none', 'slow', 'touch', 'wrong-sphere', 'roll', 'rim', 'hold', 'two-in-hand'] as const;
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
  /** For rim and hold: the hand on the board (see HandOnBoard). */
  readonly hand?: HandOnBoard;
  /** For two-in-hand: the second own sphere lifted while the moving one is in hand. */
  readonly secondWell?: Well;
}

/**
 * A hand pressing on the board's side rim. It presses between the two pinnacle lines
 * (|y| < d), where any downward force steadies the board instead of tipping it, so what it
 * tests is the holding rule alone. Where, in well pitches from the board's centre (x across
 * the files, y toward Black); when, from the start of the turn's hand actions.
 */
export interface HandOnBoard {
  readonly grams: number;
  readonly x: number;
  readonly y: number;
  readonly startMs: number;
  readonly durationMs: number;
}

/** A hand resting briefly (not holding: well inside the referee's 2 s grace). */
export const RIM_REST_MS = 500;
/** A hand really holding the board (well past the grace: the side to move forfeits). */
export const HOLD_MS = 3000;

/** The chance of each antic on a turn (and of choosing a crashing move when a safe one exists). */
export interface PlanOdds {
  readonly crash: number;
  readonly slow: number;
  readonly touch: number;
  readonly wrongSphere: number;
  readonly roll: number;
  readonly rim?: number;
  readonly hold?: number;
  readonly twoInHand?: number;
  /** How long a roll moves, ms: drawn from [min, max] (default 150–600, as real rolls). */
  readonly rollMs?: readonly [number, number];
  /** The chance a roll rests half-way (default 0.3). */
  readonly rollPause?: number;
}

export const DEFAULT_ODDS: PlanOdds = { crash: 0.02, slow: 0.08, touch: 0.03, wrongSphere: 0.02, roll: 0.02 };

/** The side rim, half a pitch beyond the outer files (well pitches from the centre). */
const RIM_X = 3.75;

/** No antic, no careless crash: a move played as it should be (a computer's, carried out as lit). */
export const CLEAN_ODDS: PlanOdds = { crash: 0, slow: 0, touch: 0, wrongSphere: 0, roll: 0 };

/** `chosen`: the move to play (its notation), where it is decided elsewhere (the computer's); undefined if it is not legal. */
export function planSenryakuTurn(
  pos: Position,
  model: BalanceModel,
  rng: Rng,
  odds: PlanOdds = DEFAULT_ODDS,
  chosen?: string,
): TurnPlan | undefined {
  const moves = legalMoves(pos);
  if (moves.length === 0) return undefined;
  const judged = moves.map((m) => ({ m, o: moveOutcome(pos, m, model) }));
  const wins = judged.filter((j) => j.o.kind === 'capture');
  const safe = judged.filter((j) => j.o.kind === 'none');
  const crashing = judged.filter((j) => j.o.kind === 'crash');
  let choice: (typeof judged)[number] | undefined;
  if (chosen !== undefined) {
    choice = judged.find((j) => formatMove(j.m) === chosen);
    if (!choice) return undefined;
  } else if (wins.length > 0 && rng.chance(0.9)) choice = pick(rng, wins);
  else if (crashing.length > 0 && (safe.length === 0 || rng.chance(odds.crash))) choice = pick(rng, crashing);
  else choice = pick(rng, safe.length > 0 ? safe : judged);
  const move = choice.m;
  const sphere = cellChar(pos.board[move.from] ?? 0) as PieceChar;

  const enemies = spheresOf(pos.board, opposite(pos.turn)).filter((w) => pos.board[w] !== colouredOf(opposite(pos.turn)));
  // A second own sphere to lift beside the moving one: one whose lift with it leaves the
  // board standing, and only for a move that does not crash, so that the one thing the
  // referee must call is the two spheres in hand.
  const seconds =
    choice.o.kind === 'crash'
      ? []
      : spheresOf(pos.board, pos.turn).filter((w) => w !== move.from && model.isStable(pos.board, [move.from, w]));
  // The antics from `rim` on draw nothing unless chosen: at odds 0 every seed plays as before they existed.
  const antic: Antic = anticFor(rng.float(), [
    { antic: 'roll', chance: odds.roll, possible: !move.capture },
    { antic: 'wrong-sphere', chance: odds.wrongSphere, possible: enemies.length > 0 },
    { antic: 'touch', chance: odds.touch },
    { antic: 'slow', chance: odds.slow },
    { antic: 'rim', chance: odds.rim ?? 0 },
    { antic: 'hold', chance: odds.hold ?? 0 },
    { antic: 'two-in-hand', chance: odds.twoInHand ?? 0, possible: seconds.length > 0 },
  ]);

  const [rollMin, rollMax] = odds.rollMs ?? [150, 600];
  const captureOrder = rng.chance(0.5) ? 'captured-first' : 'capturer-first';
  const thinkMs = Math.round(rng.uniform(500, 1400));
  const holdMs = Math.round(antic === 'slow' ? rng.uniform(2000, 3500) : rng.uniform(300, 800));
  return {
    move,
    sphere,
    antic,
    captureOrder,
    thinkMs,
    holdMs,
    ...(antic === 'wrong-sphere' ? { wrongWell: pick(rng, enemies) } : {}),
    ...(antic === 'roll'
      ? {
          roll: {
            durationMs: Math.round(rng.uniform(rollMin, rollMax)),
            pauseMs: rng.chance(odds.rollPause ?? 0.3) ? Math.round(rng.uniform(100, 400)) : 0,
          },
        }
      : {}),
    // Resting: any time in the turn, while thinking or with the sphere in the other hand.
    ...(antic === 'rim' ? { hand: handOnRim(rng, model, rng.uniform(80, 300), rng.uniform(200, thinkMs + holdMs), RIM_REST_MS) } : {}),
    // Holding: while thinking, and nothing else this turn (the referee ends the game).
    ...(antic === 'hold' ? { hand: handOnRim(rng, model, rng.uniform(150, 500), rng.uniform(200, thinkMs), HOLD_MS) } : {}),
    ...(antic === 'two-in-hand' ? { secondWell: pick(rng, seconds) } : {}),
  };
}

function handOnRim(rng: Rng, model: BalanceModel, grams: number, startMs: number, durationMs: number): HandOnBoard {
  const side = rng.chance(0.5) ? -1 : 1;
  // Inside the pinnacle lines by a margin, so the hand steadies the board whatever it weighs.
  const y = rng.uniform(-0.8, 0.8) * model.halfGap;
  return { grams: Math.round(grams), x: side * RIM_X, y, startMs: Math.round(startMs), durationMs };
}
