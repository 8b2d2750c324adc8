// The simulated players' antics of issue 10 (rim, hold, two in hand): what they do on the
// board, and what they say a correct referee must call for it.
import { describe, expect, it } from 'vitest';
import { planSenryakuTurn, DEFAULT_ODDS, type PlanOdds, type TurnPlan } from '../../src/games/senryaku/plan-turn.ts';
import { senryakuHands } from '../../src/games/senryaku/players.ts';
import { Rng } from '../../src/util/rng.ts';
import {
  BalanceModel,
  DEFAULT_PROFILE,
  formatMove,
  legalMoves,
  positionAfter,
  spheresOf,
  startPosition,
  type Position,
} from '../../src/games/senryaku/rules/index.ts';

const model = BalanceModel.fromProfile(DEFAULT_PROFILE);
const PITCH = 40;

/** Plans of a few hundred turns along autoplayed games, with these odds. */
function plans(odds: PlanOdds, seeds = 40): { pos: Position; plan: TurnPlan }[] {
  const out: { pos: Position; plan: TurnPlan }[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const rng = new Rng(seed);
    let pos = startPosition();
    for (let i = 0; i < 30; i++) {
      const plan = planSenryakuTurn(pos, model, rng, odds);
      if (!plan) break;
      out.push({ pos, plan });
      if (plan.move.capture) break;
      pos = positionAfter(pos, plan.move);
      if (legalMoves(pos).length === 0) break;
    }
  }
  return out;
}

describe('planSenryakuTurn: the antics of issue 10', () => {
  it('at odds 0 (the default) they never happen, and the plans are those of the default odds', () => {
    const zero = plans({ ...DEFAULT_ODDS, rim: 0, hold: 0, twoInHand: 0 });
    expect(zero).toEqual(plans(DEFAULT_ODDS));
    expect(zero.filter(({ plan }) => ['rim', 'hold', 'two-in-hand'].includes(plan.antic))).toEqual([]);
  });

  it('a seed plays as it did before these antics existed (the plans of the code before them)', () => {
    const rng = new Rng(5);
    let pos = startPosition();
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      const p = planSenryakuTurn(pos, model, rng)!;
      seen.push(`${formatMove(p.move)} ${p.antic} ${p.thinkMs}`);
      pos = positionAfter(pos, p.move);
    }
    expect(seen).toEqual([
      'e1-d2 none 1250',
      'e6-e5 none 612',
      'f1-g2 none 1040',
      'b6-b5 roll 608',
      'd2-c3 none 823',
      'e5-d4 none 1221',
      'c1-d2 none 855',
      'b5-c5 none 1113',
      'g2-g3 none 748',
      'g6-g5 none 993',
      'd2-e2 none 717',
      'c5-c4 none 1321',
    ]);
  });

  it('a hand on the rim or holding the board presses between the pinnacle lines, where it cannot tip the board', () => {
    const hands = plans({ ...DEFAULT_ODDS, rim: 0.3, hold: 0.3 }).filter(({ plan }) => plan.hand);
    expect(hands.length).toBeGreaterThan(50);
    for (const { plan } of hands) {
      const hand = plan.hand!;
      expect(Math.abs(hand.y)).toBeLessThan(model.halfGap);
      expect(Math.abs(hand.x)).toBeGreaterThan(3);
      expect(hand.grams).toBeGreaterThan(50);
      expect(hand.durationMs).toBe(plan.antic === 'rim' ? 500 : 3000);
    }
  });

  it('two in hand: a second own sphere whose lift with the moving one leaves the board standing', () => {
    const two = plans({ ...DEFAULT_ODDS, twoInHand: 0.5 }).filter(({ plan }) => plan.antic === 'two-in-hand');
    expect(two.length).toBeGreaterThan(50);
    for (const { pos, plan } of two) {
      const second = plan.secondWell!;
      expect(second).not.toBe(plan.move.from);
      expect(spheresOf(pos.board, pos.turn)).toContain(second);
      expect(model.isStable(pos.board, [plan.move.from, second])).toBe(true);
    }
  });
});

describe('senryakuHands: the calls each antic asks of the referee', () => {
  const first = (antic: TurnPlan['antic'], odds: PlanOdds) => plans(odds).find(({ plan }) => plan.antic === antic && !plan.move.capture)!;

  it('two in hand: the foul at the second lift; the second sphere goes back first, then the move', () => {
    const { plan } = first('two-in-hand', { ...DEFAULT_ODDS, twoInHand: 0.5 });
    const { script, calls } = senryakuHands(plan, PITCH);
    expect(script.steps.map((s) => s.action)).toEqual(['lift', 'lift', 'place', 'place', 'lift', 'place']);
    expect(calls).toEqual([
      { step: 1, call: 'foul', code: 'TwoSpheresLifted' },
      { step: 5, call: 'move' },
    ]);
    const wells = script.steps.map((s) => ('well' in s ? s.well : ''));
    expect(wells[2]).toBe(wells[1]);
    expect(wells[3]).toBe(wells[0]);
  });

  it('holding: the hand for 3 s and the holding call, no move', () => {
    const { plan } = first('hold', { ...DEFAULT_ODDS, hold: 0.5 });
    const { script, calls } = senryakuHands(plan, PITCH);
    expect(script.steps).toEqual([expect.objectContaining({ action: 'holdBoard', durationMs: 3000, blocking: true })]);
    expect(calls).toEqual([{ step: 0, call: 'foul', code: 'holding' }]);
  });

  it('a hand on the rim: no call but the move, and the hand in the rim frame of the board (pitches × pitch)', () => {
    const { plan } = first('rim', { ...DEFAULT_ODDS, rim: 0.5 });
    const { script, calls } = senryakuHands(plan, PITCH);
    const hold = script.steps.find((s) => s.action === 'holdBoard');
    expect(hold).toMatchObject({ durationMs: 500, blocking: false, at: { x: plan.hand!.x * PITCH, y: plan.hand!.y * PITCH } });
    expect(calls).toEqual([{ step: script.steps.length - 1, call: 'move' }]);
  });
});
