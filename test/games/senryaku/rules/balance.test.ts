import { describe, expect, it } from 'vitest';
import {
  BalanceModel,
  DEFAULT_MODEL,
  DEFAULT_PROFILE,
  moveOutcome,
  parseLegalMove,
  parseWell,
  playMove,
  startPosition,
  type Position,
} from '../../../../src/games/senryaku/rules/index.ts';
import { spn } from './helpers.ts';

const W = (name: string) => parseWell(name)!;
const outcomeOf = (pos: Position, text: string, model = DEFAULT_MODEL) => {
  const m = parseLegalMove(pos, text);
  if (!m.ok) throw new Error(m.error.message);
  return moveOutcome(pos, m.value, model);
};

// With the default profile (spheres 1, M = 12, d = 0.25) the board is stable while
// |Σ y| ≤ 0.25·(12 + n), y = rank − 3.5, for the n spheres on it.
describe('balance model', () => {
  it('the start position is balanced with 6.5 of margin each way', () => {
    const pos = startPosition();
    expect(DEFAULT_MODEL.isStable(pos.board)).toBe(true);
    expect(DEFAULT_MODEL.tipMargins(pos.board)).toEqual({ white: 6.5, black: 6.5 });
  });

  it('gives the margin with a sphere lifted', () => {
    // Lifting a1 (y = −2.5): 13 spheres, Σy = +2.5, capacity 0.25·25 = 6.25.
    expect(DEFAULT_MODEL.tipMargins(startPosition().board, [W('a1')])).toEqual({ black: 3.75, white: 8.75 });
  });

  it('equality is stable, one step past it tips', () => {
    // W d2 (−1.5), w c4 (+0.5), B d6 (+2.5), b a6 (+2.5): Σy = 4 = 0.25·(12 + 4).
    const pos = spn('b2B3/7/2w4/7/3W3/7 w - -');
    expect(DEFAULT_MODEL.isStable(pos.board)).toBe(true);
    expect(DEFAULT_MODEL.tipMargins(pos.board).black).toBe(0);
    expect(DEFAULT_MODEL.isStable(pos.board, [W('d2')])).toBe(false);
  });

  it('a crashing step crashes at the placement when only the placement tips', () => {
    const pos = spn('b2B3/7/2w4/7/3W3/7 w - -');
    // Lift c4: Σy = 3.5 ≤ 3.75. Place on c5 (+1.5): Σy = 5 > 4: tips toward Black.
    expect(outcomeOf(pos, 'c4-c5')).toEqual({ kind: 'crash', loser: 'white', step: 'place', stepIndex: 2, toward: 'black' });
    // Sideways keeps Σy: no crash.
    expect(outcomeOf(pos, 'c4-b4')).toEqual({ kind: 'none' });
  });

  it('a crashing step crashes at the lift when the lift tips', () => {
    const pos = spn('b2B3/7/2w4/7/3W3/7 w - -');
    // Lifting W d2 (−1.5) leaves Σy = 5.5 > 0.25·15.
    expect(outcomeOf(pos, 'd2-d3')).toMatchObject({ kind: 'crash', step: 'lift', stepIndex: 1, toward: 'black' });
    // Black on a lopsided board: every black sphere stands on rank 6, so any lift tips toward White.
    const black = spn('bb1B3/7/7/7/7/wwwW3 b - -');
    expect(outcomeOf(black, 'd6-d5')).toEqual({ kind: 'crash', loser: 'black', step: 'lift', stepIndex: 1, toward: 'white' });
  });

  it('a capture crashes on its first lift even though it would have won', () => {
    // W d1, w a1, w b1 (−2.5 each), w d5 (+1.5), B d6 (+2.5): Σy = −3.5 ≤ 4.25.
    // Lifting B: Σy = −6 > 0.25·16: the capturer loses.
    const pos = spn('3B3/3w3/7/7/7/ww1W3 w - -');
    expect(outcomeOf(pos, 'd5xd6')).toEqual({ kind: 'crash', loser: 'white', step: 'lift-captured', stepIndex: 1, toward: 'white' });
    const r = playMove(pos, { from: W('d5'), to: W('d6'), capture: true });
    expect(r.ok && r.value.outcome.kind).toBe('crash');
  });

  it('a capture can crash on the capturer’s lift or placement too', () => {
    // B d4 (+0.5), W d3 (−0.5), b a6 b6 c6 (+2.5 each): Σy = 7.5 with 5 spheres, past the default
    // capacity, so these profiles widen the gap to put the edge between the capture's steps.
    const wide = BalanceModel.fromProfile({ ...DEFAULT_PROFILE, halfGap: 1.8 });
    const pos = spn('bbb4/7/3B3/3W3/7/7 w - -');
    // Σy = 7.5 ≤ 1.8·17 = 30.6; lift B: 7 ≤ 28.8; lift W: 7.5 ≤ 27; place W on d4: 8 ≤ 28.8: a win.
    expect(outcomeOf(pos, 'd3xd4', wide)).toEqual({ kind: 'capture', winner: 'white' });
    const tight = BalanceModel.fromProfile({ ...DEFAULT_PROFILE, boardMass: 0, halfGap: 1.8 });
    // Board mass 0: capacities 1.8·5 = 9, 1.8·4 = 7.2 (Σy 7), 1.8·3 = 5.4 (Σy 7.5): crash lifting the capturer.
    expect(outcomeOf(pos, 'd3xd4', tight)).toEqual({ kind: 'crash', loser: 'white', step: 'lift-capturer', stepIndex: 2, toward: 'black' });
  });

  it('masses from the profile weigh in', () => {
    // Heavy coloured spheres: the start position is still symmetric, but moving W forward shifts more moment.
    const heavy = BalanceModel.fromProfile({ ...DEFAULT_PROFILE, sphereMass: { w: 1, W: 10, b: 1, B: 1 } });
    const pos = startPosition();
    // Σy = −2.5·10 − 2.5·6 + 2.5·7 = −22.5; capacity 0.25·(12 + 23) = 8.75: tipped toward White.
    expect(heavy.isStable(pos.board)).toBe(false);
    expect(heavy.tipMargins(pos.board).white).toBeCloseTo(-13.75);
  });
});
