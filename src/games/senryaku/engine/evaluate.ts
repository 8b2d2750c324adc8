/**
 * Senryaku's static evaluation, from the side to move's view (100 is about one safe tempo of
 * play: a modest advantage, far below a won position).
 *
 * What decides the game (RULES.md) is what it weighs:
 *
 * - **Which moves crash.** A move whose lift or placement tips the board loses, so only the
 *   moves that stand are a side's real choices. A side to move with none (every move crashes,
 *   or it has no legal move) has lost; with few, it is near zugzwang. Each side's count of
 *   standing moves (the lock applied: a side's locked sphere cannot move on its next turn,
 *   whichever side is to move) is the first term, with diminishing returns: the fifth
 *   standing move matters less than the first.
 * - **The coloured spheres' safety.** A capture ends the game. A capture the side to move can
 *   make without crashing wins now (the search will play it; the evaluation says so too, for
 *   the quiescence's stand-pat). A capture the opponent could make next (an unlocked enemy
 *   sphere beside the coloured sphere, in a direction it moves, whose capture would stand) must
 *   be answered this move: the coloured sphere must step to a well no free enemy sphere
 *   reaches; with no such well the position is all but lost. Slower threats count for less:
 *   a locked enemy sphere beside it (it may capture the turn after next), enemy spheres one
 *   step from the wells it can be captured from. Own spheres on those wells shield it.
 * - **The tip margins.** With y a well's distance from the centre line, a forward step moves a
 *   sphere one pitch toward the enemy, adding m to Σm·y toward the enemy's side; lifting a
 *   sphere from one's own half adds m·|y| toward it too. So each side's own moves spend the
 *   margin toward the opponent's side, and the opponent's advance gives it back. A side whose
 *   margin is nearly spent can no longer step forward nor lift its back spheres: its attack
 *   stalls and its choices shrink toward zugzwang, while the side with room keeps its
 *   options. The margin (in forward steps of a sphere, a concave bonus) is that side's room.
 *   Advancing is still worth it (the attack needs it); this term says at what price.
 * - **Advancement toward the enemy coloured sphere**, which the attack needs: plain spheres
 *   nearer it (and able to move toward it: spheres never move back) score a little.
 *
 * Nothing is allocated per call: the counters are preallocated typed arrays.
 */
import { Y2, type BalanceModel } from '../rules/balance.ts';
import { TARGETS } from '../rules/moves.ts';
import { BLACK_COLOURED, COLORS, EMPTY, FILES, WELLS, WHITE_COLOURED } from '../rules/types.ts';

/** Far above any positional score, far below the search's forced-end scores. */
export const WON = 2000;
/** A threat the side to move cannot step away from: lost unless the balance or a capture saves it. */
const CORNERED = 900;
/** Each immediate threat against the side to move that it can still answer. */
const THREATENED = 120;
/** Each locked enemy sphere beside the coloured sphere (it may capture the turn after next). */
const ATTACKER_LOCKED = 45;
/** Each enemy sphere able to step onto a well the coloured sphere can be captured from. */
const APPROACH = 12;
/** Each own sphere on a well the coloured sphere could be captured from. */
const SHIELD = 8;
/** A plain sphere's value by its distance (in king steps) to the enemy coloured sphere, when it can still get there. */
const NEAR = Int16Array.from([0, 0, 14, 6, 2, 0, 0, 0]);
/** Standing moves: concave, so the first few matter most. */
const MOBILITY = Int16Array.from({ length: 36 }, (_, n) => Math.round(60 * Math.sqrt(n)));
/** The opponent with no standing move now is close to zugzwang (our move may change its balance, so not a win). */
const OPPONENT_STUCK = 150;
/** Room (in forward steps) below which a side's margin toward the opponent begins to cost it. */
const ROOM_STEPS = 4;
const ROOM = 25;

const TOLERANCE = 1e-9;

/** For each side and well: the wells from which the other side's spheres capture a sphere there. */
const ATTACKED_FROM: readonly (readonly Int8Array[])[] = COLORS.map((_, s) =>
  Array.from({ length: WELLS }, (__, k) => {
    const enemy = TARGETS[COLORS[1 - s]!];
    const from: number[] = [];
    for (let f = 0; f < WELLS; f++) if (enemy[f]!.includes(k)) from.push(f);
    return Int8Array.from(from);
  }),
);
/** For each side and well: the wells from which that side's spheres step onto it. */
const REACHED_FROM: readonly (readonly Int8Array[])[] = COLORS.map((_, s) => ATTACKED_FROM[1 - s]!);
const TARGETS_BY_SIDE: readonly (readonly Int8Array[])[] = COLORS.map((c) => TARGETS[c]);

const fileOf = (w: number): number => w % FILES;
const rankOf = (w: number): number => (w / FILES) | 0;

/**
 * For a side's plain sphere at `from` and the enemy coloured sphere at `k`: how near it is,
 * 0 once it has passed k's rank (it never moves back, so it cannot reach it any more).
 */
const NEARNESS: readonly Int16Array[] = COLORS.map((_, s) => {
  const t = new Int16Array(WELLS * WELLS);
  for (let from = 0; from < WELLS; from++)
    for (let k = 0; k < WELLS; k++) {
      const ahead = s === 0 ? rankOf(k) - rankOf(from) : rankOf(from) - rankOf(k);
      const d = Math.max(Math.abs(fileOf(k) - fileOf(from)), Math.abs(rankOf(k) - rankOf(from)));
      t[from * WELLS + k] = ahead < 0 ? 0 : NEAR[Math.min(d, NEAR.length - 1)]!;
    }
  return t;
});

const sideOf = (cell: number): 0 | 1 => (cell <= WHITE_COLOURED ? 0 : 1);

export class SenryakuEvaluator {
  private readonly massByCell: Float64Array;
  private readonly gap2: number;
  private readonly boardMass: number;
  /** The lightest plain sphere: what one forward step costs in margin, at least. */
  private readonly stepMass: number;
  // Per call, per side: standing quiet moves, standing captures, the coloured sphere's well, the score so far.
  private readonly standing = new Int32Array(2);
  private readonly captures = new Int32Array(2);
  private readonly lockedAttackers = new Int32Array(2);
  private readonly king = new Int32Array(2);
  private readonly score = new Float64Array(2);
  private readonly capLift = new Float64Array(5);

  constructor(model: BalanceModel) {
    this.massByCell = model.massByCell;
    this.gap2 = 2 * model.halfGap;
    this.boardMass = model.boardMass;
    this.stepMass = Math.min(model.massByCell[1]!, model.massByCell[3]!);
  }

  private cap(mass: number): number {
    const cap = this.gap2 * (this.boardMass + mass);
    return cap + TOLERANCE * (cap + 1);
  }

  evaluate(board: Int8Array, side: 0 | 1, locks: Int32Array, moment2: number, mass: number): number {
    const { standing, captures, lockedAttackers, king, score, capLift, massByCell } = this;
    standing.fill(0);
    captures.fill(0);
    lockedAttackers.fill(0);
    score.fill(0);
    const capFull = this.cap(mass);
    for (let c = 1; c <= 4; c++) capLift[c] = this.cap(mass - massByCell[c]!);
    for (let w = 0; w < WELLS; w++) {
      const cell = board[w]!;
      if (cell === WHITE_COLOURED) king[0] = w;
      else if (cell === BLACK_COLOURED) king[1] = w;
    }

    for (let w = 0; w < WELLS; w++) {
      const cell = board[w]!;
      if (cell === EMPTY) continue;
      const s = sideOf(cell);
      const enemyKing = s === 0 ? BLACK_COLOURED : WHITE_COLOURED;
      const m = massByCell[cell]!;
      const lifted = moment2 - m * Y2[w]!;
      const liftStands = Math.abs(lifted) <= capLift[cell]!;
      if (cell !== WHITE_COLOURED && cell !== BLACK_COLOURED) score[s]! += NEARNESS[s]![w * WELLS + king[1 - s]!]!;
      const locked = w === locks[s];
      const ts = TARGETS_BY_SIDE[s]![w]!;
      for (let i = 0; i < ts.length; i++) {
        const t = ts[i]!;
        const target = board[t]!;
        if (target === EMPTY) {
          if (!locked && liftStands && Math.abs(lifted + m * Y2[t]!) <= capFull) standing[s]!++;
        } else if (target === enemyKing) {
          if (locked) lockedAttackers[s]!++;
          else if (this.captureStands(moment2, mass, m, w, massByCell[target]!, t)) captures[s]!++;
        }
      }
    }

    const me = side;
    const them = side === 0 ? 1 : 0;
    if (captures[me]! > 0) return WON;
    if (standing[me] === 0) return -WON;

    for (let s = 0; s < 2; s++) {
      score[s]! += MOBILITY[standing[s]!]! + this.shelter(board, s, locks[1 - s]!) + lockedAttackers[s]! * ATTACKER_LOCKED;
      // A side's own moves spend its margin toward the opponent: moment2 > 0 leans toward Black.
      const room = (capFull - (s === 0 ? moment2 : -moment2)) / 2 / this.stepMass;
      if (room < ROOM_STEPS) score[s]! -= ROOM * (ROOM_STEPS - room);
    }
    let total = score[me]! - score[them]!;
    if (standing[them] === 0) total += OPPONENT_STUCK;
    const threats = captures[them]!;
    if (threats > 0) {
      total -= threats * THREATENED;
      if (!this.canStepAway(board, me, locks[them]!, moment2, capFull)) total -= CORNERED;
    }
    return total;
  }

  /** Whether a capture's three states (lift the captured, lift the capturer, place it) all stand. */
  private captureStands(moment2: number, mass: number, m: number, from: number, c: number, to: number): boolean {
    let s = moment2 - c * Y2[to]!;
    if (Math.abs(s) > this.cap(mass - c)) return false;
    s -= m * Y2[from]!;
    if (Math.abs(s) > this.cap(mass - c - m)) return false;
    return Math.abs(s + m * Y2[to]!) <= this.cap(mass - c);
  }

  /**
   * Side s's coloured sphere: for each well it can be captured from, an own sphere there
   * shields it, enemy spheres that can step there approach it. Returns s's score for it.
   */
  private shelter(board: Int8Array, s: number, enemyLock: number): number {
    const k = this.king[s]!;
    const enemyLo = s === 0 ? 3 : 1;
    const ownLo = s === 0 ? 1 : 3;
    const from = ATTACKED_FROM[s]![k]!;
    let v = 0;
    for (let i = 0; i < from.length; i++) {
      const a = from[i]!;
      const cell = board[a]!;
      if (cell === ownLo || cell === ownLo + 1) v += SHIELD;
      else if (cell === EMPTY) {
        const reach = REACHED_FROM[1 - s]![a]!;
        for (let j = 0; j < reach.length; j++) {
          const e = board[reach[j]!]!;
          if ((e === enemyLo || e === enemyLo + 1) && reach[j] !== enemyLock) v -= APPROACH;
        }
      }
    }
    return v;
  }

  /** Whether side s's coloured sphere has a standing step to a well no free enemy sphere can capture it on. */
  private canStepAway(board: Int8Array, s: number, enemyLock: number, moment2: number, capFull: number): boolean {
    const k = this.king[s]!;
    const cell = board[k]!;
    const m = this.massByCell[cell]!;
    const lifted = moment2 - m * Y2[k]!;
    if (Math.abs(lifted) > this.capLift[cell]!) return false;
    const enemyLo = s === 0 ? 3 : 1;
    const ts = TARGETS_BY_SIDE[s]![k]!;
    for (let i = 0; i < ts.length; i++) {
      const t = ts[i]!;
      if (board[t] !== EMPTY || Math.abs(lifted + m * Y2[t]!) > capFull) continue;
      const from = ATTACKED_FROM[s]![t]!;
      let safe = true;
      for (let j = 0; j < from.length && safe; j++) {
        const e = board[from[j]!]!;
        if ((e === enemyLo || e === enemyLo + 1) && from[j] !== enemyLock) safe = false;
      }
      if (safe) return true;
    }
    return false;
  }
}
