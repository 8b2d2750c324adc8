/** Test helpers for Senryaku's engine: a seeded stream, a board at a position, positions with locks. */
import { SenryakuSearchBoard } from '../../../../src/games/senryaku/engine/search-board.ts';
import { BalanceModel, DEFAULT_PROFILE, type Position } from '../../../../src/games/senryaku/rules/index.ts';

/** mulberry32: numbers in [0, 1) from a seed, the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const newBoard = (pos: Position, model?: BalanceModel): SenryakuSearchBoard =>
  new SenryakuSearchBoard(pos, model ?? BalanceModel.fromProfile(DEFAULT_PROFILE));

/** Mid-game positions with locks, from seeded playouts of the start (checked legal when the tests load them). */
export const MIDGAME_SPNS = [
  '1b2bb1/b6/1bB3b/1w4w/1w2ww1/1w1W3 w e2 -',
  '1bB2b1/b1b1bb1/7/6w/wwW1w2/w4w1 w f1 f5',
  'b4bb/3B2b/1bb4/2w3w/ww1w3/3W1w1 w g3 c4',
  'bb3bb/1b2b2/1B5/2Ww3/4w2/w1w1w1w w g1 b6',
  '2b1b2/bb3b1/3B1b1/2W3w/w1w1w2/2w3w b e2 -',
] as const;

/**
 * A board that tips easily and whose spheres weigh differently: heavy coloured spheres,
 * heavier black spheres than white, a light board. Moves crash here that stand on the default board.
 */
export const TIPPY = BalanceModel.fromProfile({
  ...DEFAULT_PROFILE,
  name: 'tippy',
  boardMass: 6,
  halfGap: 0.3,
  sphereMass: { w: 1, W: 2.5, b: 1.3, B: 2 },
});
