// The simulator's own statics (rigid-body.ts) against hand-worked numbers, and against the
// rules core's BalanceModel on many positions: they must agree, and a wrong rules model
// must be caught by disagreeing with them.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BalanceModel,
  DEFAULT_PROFILE,
  EMPTY,
  WELLS,
  legalMoves,
  moveOutcome,
  parseWell,
  positionAfter,
  startPosition,
  type BoardProfile,
  type Color,
  type Move,
  type MoveOutcome,
  type Position,
  type Well,
} from '../../../src/games/senryaku/rules/index.ts';
import { BoardPhysics, DEFAULT_PHYSICS, RigidBoard, type LoadSum, type Statics } from '../../../src/hardware/sim/index.ts';
import { parseLayout } from '../../../src/hardware/sim/layout.ts';
import { arbitraryPosition } from '../../games/senryaku/rules/helpers.ts';

const W = (name: string): Well => parseWell(name) as Well;
/** Any arrangement of spheres (the sim's layout reader: no rules legality, e.g. an empty board). */
const board = (field: string): Int8Array => {
  const p = parseLayout(field);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};

// The reference board straight from its JSON file (mm, g), not through the rules core's
// profile loader: pitch 40 mm, pinnacle lines 20 mm apart (a = 10 mm either side of the
// centre line), a 720 g board at the centre, 60 g spheres.
const json = JSON.parse(readFileSync(new URL('../../../hardware/profiles/reference-mega-2560.json', import.meta.url), 'utf8')) as {
  geometry: { wellPitch: number; pinnacleGap: number };
  masses: { board: number; spheres: { w: number; W: number; b: number; B: number } };
};
const REFERENCE = RigidBoard.fromGeometry({
  pitch: json.geometry.wellPitch,
  pinnacleGap: json.geometry.pinnacleGap,
  boardWeight: json.masses.board,
  centreOfMass: { x: 0, y: 0 },
  sphereWeight: json.masses.spheres,
});
// Well y in mm: rank 1 −100, rank 2 −60, rank 3 −20, rank 4 +20, rank 5 +60, rank 6 +100.
// The plate is 320 mm along the files (hardware/referee-board/ASSEMBLY.md): rims at y = ±160.
const RIM = 160;
const EMPTY_BOARD = board('7/7/7/7/7/7');
const START = startPosition().board;

const solve = (b: ArrayLike<number>, lifted: Well[] = [], extra: (s: LoadSum) => void = () => {}): Statics => {
  const sum = REFERENCE.loadsOfBoard(b, lifted);
  extra(sum);
  return REFERENCE.solve(sum);
};

describe('rigid board: hand-worked statics (reference board, mm and g)', () => {
  it('puts the wells where the geometry says', () => {
    expect(REFERENCE.halfGap).toBe(10);
    expect(REFERENCE.wellPoint(W('a1'))).toEqual({ x: -120, y: -100 });
    expect(REFERENCE.wellPoint(W('d3'))).toEqual({ x: 0, y: -20 });
    expect(REFERENCE.wellPoint(W('d4'))).toEqual({ x: 0, y: 20 });
    expect(REFERENCE.wellPoint(W('g6'))).toEqual({ x: 120, y: 100 });
  });

  it('an empty board stands, half its weight on each line', () => {
    // T = 720; τ_black = 720·(0 − 10) = −7200 = τ_white; R = 7200 / 20 = 360 each.
    const s = solve(EMPTY_BOARD);
    expect(s).toEqual({
      total: 720,
      reactions: { white: 360, black: 360 },
      tippingMoments: { white: -7200, black: -7200 },
      tips: undefined,
      lifted: false,
    });
  });

  it('one sphere at the edge stands; a second one there tips it toward Black', () => {
    // d6 (y = +100): τ_black = −7200 + 60·(100 − 10) = −1800 → R_white = 90; τ_white = −7200 + 60·(−110) = −13800 → R_black = 690.
    const one = solve(board('3b3/7/7/7/7/7'));
    expect(one.tippingMoments).toEqual({ white: -13800, black: -1800 });
    expect(one.reactions).toEqual({ white: 90, black: 690 });
    expect(one.tips).toBeUndefined();
    // 1800 g·mm left = 1800 / (60 g · 40 mm) = 0.75 sphere·pitch: the rules' 0.25·13 − 2.5.
    // d6 + e6: τ_black = −7200 + 2·5400 = +3600 > 0: White's line would have to pull 180 g.
    const two = solve(board('3bb2/7/7/7/7/7'));
    expect(two.tippingMoments.black).toBe(3600);
    expect(two.reactions.white).toBe(-180);
    expect(two.tips).toBe('black');
  });

  it('the start position stands, 780 g on each line and 6.5 sphere·pitch of margin each way', () => {
    // 7 spheres at −100 and 7 at +100: T = 720 + 840 = 1560; τ_black = −7200 + 420·(−110) + 420·90 = −15600 = τ_white.
    const s = solve(START);
    expect(s.total).toBe(1560);
    expect(s.reactions).toEqual({ white: 780, black: 780 });
    expect(s.tippingMoments).toEqual({ white: -15600, black: -15600 });
    expect(-s.tippingMoments.black / (60 * 40)).toBe(6.5);
  });

  it('at the exact limit the board stands on Black’s line alone; one more gram·mm tips it', () => {
    // W d2 (−60), w c4 (+20), B d6 (+100), b a6 (+100): τ_black = −7200 + 60·(−70 + 10 + 90 + 90) = 0.
    const limit = board('b2B3/7/2w4/7/3W3/7');
    const s = solve(limit);
    expect(s.tippingMoments.black).toBe(0);
    expect(s.reactions).toEqual({ white: 0, black: 960 });
    expect(s.tips).toBeUndefined(); // RULES.md: equality is stable
    // Lifting d2 takes 60·(−70) off: τ_black = +4200.
    expect(solve(limit, [W('d2')]).tips).toBe('black');
    // Not even a milligram more at a6 may be added: 0.001 g·90 mm > 0.
    expect(solve(limit, [], (sum) => sum.add(100, 0.001)).tips).toBe('black');
  });

  it('a press of N grams at g6 of an empty board tips it past N = 80 g; from the start, past 173.3 g', () => {
    // Empty: τ_black = −7200 + N·(100 − 10) > 0 ⇔ N > 80.
    const press = (b: Int8Array, n: number) => solve(b, [], (sum) => sum.add(REFERENCE.wellY(W('g6')), n));
    expect(press(EMPTY_BOARD, 80).tips).toBeUndefined();
    expect(press(EMPTY_BOARD, 80).reactions).toEqual({ white: 0, black: 800 });
    expect(press(EMPTY_BOARD, 80.01).tips).toBe('black');
    // Start: −15600 + 90·N > 0 ⇔ N > 173.33.
    expect(press(START, 173).tips).toBeUndefined();
    expect(press(START, 174).tips).toBe('black');
  });

  it('a hand on the rim: pressing Black’s rim tips past 48 g, lifting White’s rim tips toward Black past 42.35 g', () => {
    // Down at y = +160: τ_black = −7200 + N·(160 − 10) > 0 ⇔ N > 48.
    expect(solve(EMPTY_BOARD, [], (s) => s.add(RIM, 48)).tips).toBeUndefined();
    expect(solve(EMPTY_BOARD, [], (s) => s.add(RIM, 48)).reactions).toEqual({ white: 0, black: 768 });
    expect(solve(EMPTY_BOARD, [], (s) => s.add(RIM, 49)).tips).toBe('black');
    // Up (−N) at y = −160: τ_black = −7200 + (−N)·(−160 − 10) = −7200 + 170·N > 0 ⇔ N > 42.35.
    expect(solve(EMPTY_BOARD, [], (s) => s.add(-RIM, -42)).tips).toBeUndefined();
    expect(solve(EMPTY_BOARD, [], (s) => s.add(-RIM, -43)).tips).toBe('black');
  });

  it('a hand lifting more than the whole board at its centre lifts it off the wedge: not a tip', () => {
    // T = 720 − 800 = −80; τ_black = τ_white = −7200 + 800·10 = +800: both lines would pull.
    const s = solve(EMPTY_BOARD, [], (sum) => sum.add(0, -800));
    expect(s.tippingMoments).toEqual({ white: 800, black: 800 });
    expect(s).toMatchObject({ total: -80, tips: undefined, lifted: true });
  });

  it('rejects a geometry no board has', () => {
    const ok = { pitch: 40, pinnacleGap: 20, boardWeight: 720, centreOfMass: { x: 0, y: 0 }, sphereWeight: json.masses.spheres };
    expect(() => RigidBoard.fromGeometry({ ...ok, pitch: 0 })).toThrow(TypeError);
    expect(() => RigidBoard.fromGeometry({ ...ok, pinnacleGap: -1 })).toThrow(TypeError);
    expect(() => RigidBoard.fromGeometry({ ...ok, sphereWeight: { ...ok.sphereWeight, B: 0 } })).toThrow(TypeError);
  });
});

describe('rigid board in the simulator physics', () => {
  const physicsOn = (b: ArrayLike<number>): BoardPhysics => {
    const p = new BoardPhysics(REFERENCE, DEFAULT_PHYSICS);
    p.reset(b);
    return p;
  };

  it('a press at the limit holds, one gram more tips; the pivot cells read the reactions', () => {
    const held = physicsOn(EMPTY_BOARD);
    held.press(W('g6'), 80, 100, 0);
    expect(held.update(1)).toBeUndefined();
    expect(held.pivotGrams(1)).toEqual({ white: 0, black: 800 });
    const tipped = physicsOn(EMPTY_BOARD);
    tipped.press(W('g6'), 81, 100, 0);
    expect(tipped.update(1)).toBe('black');
  });

  it('a hand on the rim tips by where it is, not only by how hard', () => {
    const centre = physicsOn(EMPTY_BOARD);
    centre.holdBoard(400, 100, 0);
    expect(centre.update(1)).toBeUndefined();
    expect(centre.pivotGrams(1)).toEqual({ white: 560, black: 560 });
    const rim = physicsOn(EMPTY_BOARD);
    rim.holdBoard(49, 100, 0, { x: 180, y: RIM });
    expect(rim.update(1)).toBe('black');
    const lifted = physicsOn(EMPTY_BOARD);
    lifted.holdBoard(-800, 100, 0);
    expect(lifted.update(1)).toBeUndefined();
    expect(lifted.pivotGrams(1)).toEqual({ white: 0, black: 0 });
  });

  it('the start position: 780 g on each pivot; a rolling sphere moves the load smoothly', () => {
    const p = physicsOn(START);
    expect(p.pivotGrams(0)).toEqual({ white: 780, black: 780 });
    p.roll(W('d6'), W('d5'), 200, 0);
    p.update(100); // halfway (smoothstep 0.5): the sphere's 60 g at y = +80 instead of +100
    const mid = p.pivotGrams(100);
    expect(mid.white + mid.black).toBeCloseTo(1560, 9);
    // 60 g moved 20 mm toward the centre: Q drops by 1200 g·mm, R_black by 1200 / 20 = 60.
    expect(mid.black).toBeCloseTo(720, 9);
  });

  it('a roll pausing half-way rests with half its weight on each well, then arrives', () => {
    const p = physicsOn(START);
    const from = W('d6');
    const to = W('d5');
    expect(p.roll(from, to, 400, 0, 300).ok).toBe(true);
    for (const t of [200, 350, 500]) {
      p.update(t);
      const g = p.wellGrams(t);
      expect(g[from]).toBeCloseTo(30, 9);
      expect(g[to]).toBeCloseTo(30, 9);
    }
    p.update(600);
    expect(p.wellGrams(600)[to]).toBeCloseTo(50.625, 9); // smoothstep(0.75) = 0.84375
    p.update(700);
    expect(p.wellGrams(700)[to]).toBeCloseTo(60, 9);
    expect(p.wellGrams(700)[from]).toBeCloseTo(0, 9);
    expect(p.roll(to, from, 100, 700, -1).ok).toBe(false);
  });
});

// ---- against the rules core ----------------------------------------------------------

interface Verdict {
  readonly tips: Color | undefined;
  /** Moment still to add toward each side before it tips, in the profile's mass·pitch. */
  readonly margins: { readonly white: number; readonly black: number };
}

const rulesVerdict = (model: BalanceModel, b: ArrayLike<number>, lifted: Well[]): Verdict => {
  const load = model.loadOf(b, lifted);
  return { tips: model.tipsToward(load.moment2, load.mass), margins: model.margins(load) };
};

const rigidVerdict = (rigid: RigidBoard, unit: number, b: ArrayLike<number>, lifted: Well[]): Verdict => {
  const s = rigid.solve(rigid.loadsOfBoard(b, lifted));
  const perMassPitch = unit * rigid.geometry.pitch;
  // (+ 0 turns a −0 at the exact limit into the 0 the rules core computes.)
  return {
    tips: s.tips,
    margins: { white: -s.tippingMoments.white / perMassPitch + 0, black: -s.tippingMoments.black / perMassPitch + 0 },
  };
};

const occupied = (b: ArrayLike<number>): Well[] => Array.from({ length: WELLS }, (_, w) => w).filter((w) => (b[w] ?? EMPTY) !== EMPTY);

/** A position and up to three of its spheres in hands. */
const positionWithLifts = arbitraryPosition.chain((pos) => {
  const wells = occupied(pos.board);
  return fc.subarray(wells, { maxLength: Math.min(3, wells.length) }).map((lifted) => ({ board: pos.board, lifted }));
});

/** Any board a profile can describe (d up to the 2.5 pitches the loader allows). */
const arbitraryProfile: fc.Arbitrary<{ profile: BoardProfile; unit: number }> = fc
  .record({
    boardMass: fc.double({ min: 0.5, max: 5000, noNaN: true }),
    masses: fc.array(fc.double({ min: 0.1, max: 200, noNaN: true }), { minLength: 4, maxLength: 4 }),
    halfGap: fc.double({ min: 0, max: 2.5, noNaN: true }),
    wellPitch: fc.double({ min: 1, max: 80, noNaN: true }),
    unit: fc.constantFrom(1, 60, 1000),
  })
  .map(({ boardMass, masses, halfGap, wellPitch, unit }) => ({
    unit,
    profile: {
      ...DEFAULT_PROFILE,
      boardMass,
      sphereMass: { w: masses[0]!, W: masses[1]!, b: masses[2]!, B: masses[3]! },
      halfGap,
      wellPitch,
    },
  }));

const agree = (a: Verdict, b: Verdict, tolerance: number): boolean =>
  a.tips === b.tips && Math.abs(a.margins.white - b.margins.white) <= tolerance && Math.abs(a.margins.black - b.margins.black) <= tolerance;

/** A bound on the size of the moments, in mass·pitch: every mass at most 2.5 + d pitches from a line. */
const scaleOf = (profile: BoardProfile, b: ArrayLike<number>): number => {
  const heaviest = Math.max(...Object.values(profile.sphereMass));
  return (profile.boardMass + heaviest * occupied(b).length) * (2.5 + profile.halfGap) + 1;
};

describe('rigid board against the rules core’s BalanceModel', () => {
  const DEFAULT_RIGID = RigidBoard.fromProfile(DEFAULT_PROFILE);
  const DEFAULT_RULES = BalanceModel.fromProfile(DEFAULT_PROFILE);

  it('agree exactly on random positions with spheres in hand (default profile and the reference board in g)', () => {
    const referenceRules = BalanceModel.fromProfile({
      ...DEFAULT_PROFILE,
      boardMass: 720,
      sphereMass: json.masses.spheres,
      halfGap: 0.25,
      wellPitch: 40,
    });
    let tipped = 0;
    fc.assert(
      fc.property(positionWithLifts, ({ board: b, lifted }) => {
        const rules = rulesVerdict(DEFAULT_RULES, b, lifted);
        expect(rigidVerdict(DEFAULT_RIGID, 1, b, lifted)).toEqual(rules);
        // The reference board in g and mm gives the same verdicts, margins in g·pitch = 60 × sphere·pitch.
        const ref = rigidVerdict(REFERENCE, 1, b, lifted);
        expect(ref.tips).toBe(rules.tips);
        expect(ref.margins).toEqual(rulesVerdict(referenceRules, b, lifted).margins);
        if (rules.tips) tipped++;
      }),
      { numRuns: 2000, seed: 20240610 },
    );
    expect(tipped).toBeGreaterThan(100); // both outcomes were exercised
  });

  it('agree on random profiles (masses, pitch, gap, unit) within 1e-9 of the moments', () => {
    fc.assert(
      fc.property(arbitraryProfile, positionWithLifts, ({ profile, unit }, { board: b, lifted }) => {
        const rules = rulesVerdict(BalanceModel.fromProfile(profile), b, lifted);
        const rigid = rigidVerdict(RigidBoard.fromProfile(profile, unit), unit, b, lifted);
        const tolerance = 1e-9 * scaleOf(profile, b);
        // Within rounding of the limit either verdict is right; elsewhere they must be the same.
        if (Math.min(Math.abs(rules.margins.white), Math.abs(rules.margins.black)) > tolerance) expect(rigid.tips).toBe(rules.tips);
        expect(Math.abs(rigid.margins.white - rules.margins.white)).toBeLessThanOrEqual(tolerance);
        expect(Math.abs(rigid.margins.black - rules.margins.black)).toBeLessThanOrEqual(tolerance);
      }),
      { numRuns: 2000, seed: 7 },
    );
  });

  /** The states of a move's physical sequence as RULES.md lists them, judged by the rigid board. */
  const rigidOutcome = (rigid: RigidBoard, pos: Position, move: Move): MoveOutcome => {
    const b = pos.board.slice();
    const mover = b[move.from] ?? EMPTY;
    const states: [string, () => void][] = move.capture
      ? [
          ['lift-captured', () => (b[move.to] = EMPTY)],
          ['lift-capturer', () => (b[move.from] = EMPTY)],
          ['place-capturer', () => (b[move.to] = mover)],
        ]
      : [
          ['lift', () => (b[move.from] = EMPTY)],
          ['place', () => (b[move.to] = mover)],
        ];
    for (let i = 0; i < states.length; i++) {
      const [step, apply] = states[i]!;
      apply();
      const tips = rigid.solve(rigid.loadsOfBoard(b)).tips;
      if (tips) return { kind: 'crash', loser: pos.turn, step: step as 'lift', stepIndex: i + 1, toward: tips };
    }
    return move.capture ? { kind: 'capture', winner: pos.turn } : { kind: 'none' };
  };

  it('agree on every move of random legal games: which state of the move crashes, and toward whom', () => {
    let crashes = 0;
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 80 }), (choices) => {
        let pos = startPosition();
        for (const choice of choices) {
          const moves = legalMoves(pos);
          if (moves.length === 0) return;
          expect(rigidVerdict(DEFAULT_RIGID, 1, pos.board, [])).toEqual(rulesVerdict(DEFAULT_RULES, pos.board, []));
          // Every legal move of the position is checked; one of them is played on.
          for (const m of moves) expect(rigidOutcome(DEFAULT_RIGID, pos, m)).toEqual(moveOutcome(pos, m, DEFAULT_RULES));
          const quiet = moves.filter((m) => moveOutcome(pos, m, DEFAULT_RULES).kind === 'none');
          crashes += moves.length - quiet.length;
          if (quiet.length === 0) return;
          pos = positionAfter(pos, quiet[choice % quiet.length]!);
        }
      }),
      { numRuns: 60, seed: 3 },
    );
    expect(crashes).toBeGreaterThan(0);
  });

  /** How many of a fixed sample of positions (with lifts) a rules model judges otherwise than the rigid board. */
  const disagreements = (rules: BalanceModel, rigid: RigidBoard): number =>
    fc
      .sample(positionWithLifts, { numRuns: 1000, seed: 42 })
      .filter(({ board: b, lifted }) => !agree(rulesVerdict(rules, b, lifted), rigidVerdict(rigid, 1, b, lifted), 1e-9)).length;

  it('catches a wrong rules model: a wrong half-gap, a wrong board mass', () => {
    expect(disagreements(DEFAULT_RULES, DEFAULT_RIGID)).toBe(0);
    const wrongGap = BalanceModel.fromProfile({ ...DEFAULT_PROFILE, halfGap: 0.3 });
    const wrongMass = BalanceModel.fromProfile({ ...DEFAULT_PROFILE, boardMass: 14 });
    expect(disagreements(wrongGap, DEFAULT_RIGID)).toBeGreaterThan(0);
    expect(disagreements(wrongMass, DEFAULT_RIGID)).toBeGreaterThan(0);
    // A position where the verdict itself differs: d6 and d5, Σy = 2.5 + 1.5 = 4 > 0.25·(12 + 2) = 3.5 tips;
    // the wrong models keep it up (0.3·14 = 4.2; 0.25·16 = 4, equality).
    const twoBlack = board('3b3/3b3/7/7/7/7');
    expect(rigidVerdict(DEFAULT_RIGID, 1, twoBlack, []).tips).toBe('black');
    expect(rulesVerdict(wrongGap, twoBlack, []).tips).toBeUndefined();
    expect(rulesVerdict(wrongMass, twoBlack, []).tips).toBeUndefined();
  });
});
