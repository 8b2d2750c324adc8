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
 *   whichever side is to move) is a term, with diminishing returns: the fifth standing move
 *   matters less than the first.
 * - **The coloured spheres' safety.** A capture ends the game. A capture the side to move can
 *   make without crashing wins now (the search will play it; the evaluation says so too, for
 *   the quiescence's stand-pat). A capture the opponent could make next (an unlocked enemy
 *   sphere beside the coloured sphere, in a direction it moves, whose capture would stand) must
 *   be answered this move: the coloured sphere must step to a well no free enemy sphere
 *   reaches; with no such well the position is all but lost. Slower threats count for less:
 *   a locked enemy sphere beside it (it may capture the turn after next), enemy spheres one
 *   step from the wells it can be captured from. Own spheres on those wells shield it. A
 *   capture that would crash the board is no threat at all (the balance guards the sphere).
 * - **The tip margins.** With y a well's distance from the centre line, a forward step moves a
 *   sphere one pitch toward the enemy, adding m to Σm·y toward the enemy's side; lifting a
 *   sphere from one's own half adds m·|y| toward it too. So each side's own moves spend the
 *   margin toward the opponent's side, and the opponent's advance gives it back. A side whose
 *   margin is nearly spent can no longer step forward nor lift its back spheres: its attack
 *   stalls and its choices shrink toward zugzwang, while the side with room keeps its
 *   options. The margin (in forward steps of a sphere) below a few steps costs that side.
 *   Advancing is still worth it (the attack needs it); this term says at what price.
 * - **Advancement toward the enemy coloured sphere**, which the attack needs: plain spheres
 *   nearer it (and not yet past it: spheres never move back) score a little.
 *
 * Nothing is allocated per call, and the loop over the wells keeps its counts in locals.
 */
import { Y2 as RULES_Y2, type BalanceModel } from '../rules/balance.ts';
import { TARGETS } from '../rules/moves.ts';
import { COLORS, EMPTY as RULES_EMPTY, FILES as RULES_FILES, WELLS as RULES_WELLS } from '../rules/types.ts';

// The evaluation reads these as this module's own constants: a binding imported from another
// module costs a load and a check each time optimised code reads it (bench/perft.ts found the same).
const Y2 = RULES_Y2;
const EMPTY = RULES_EMPTY;
const FILES = RULES_FILES;
const WELLS = RULES_WELLS;

/** Far above any positional score, far below the search's forced-end scores. */
export const WON = 2000;

/** The evaluation's weights, in its units (100 about one safe tempo). */
export interface EvalWeights {
  /** A threat the side to move cannot step away from: lost unless the balance or a capture saves it. */
  readonly cornered: number;
  /** Each immediate threat against the side to move that it can still answer. */
  readonly threatened: number;
  /** Each locked enemy sphere beside the coloured sphere (it may capture the turn after next). */
  readonly lockedAttacker: number;
  /** Each free enemy sphere able to step onto a well the coloured sphere can be captured from. */
  readonly approach: number;
  /** Each own sphere on a well the coloured sphere could be captured from. */
  readonly shield: number;
  /** Standing moves: `mobility`·√n, concave, so the first few matter most. */
  readonly mobility: number;
  /** The opponent with no standing move now is close to zugzwang (our move may change its balance, so not a win). */
  readonly opponentStuck: number;
  /** Room (in forward steps) below which a side's margin toward the opponent begins to cost it, and the cost per step. */
  readonly roomSteps: number;
  readonly room: number;
  /** A plain sphere's value by its distance (in king steps) to the enemy coloured sphere, while it is not past it. */
  readonly near: readonly number[];
}

/**
 * Chosen by self-play (depth-4 searches, 60 games a pair from 4 random plies, colours alternating):
 * nearness and a little mobility paid most; a wider margin zone (6 steps) made drawn, passive games.
 */
export const DEFAULT_WEIGHTS: EvalWeights = {
  cornered: 900,
  threatened: 200,
  lockedAttacker: 90,
  approach: 30,
  shield: 15,
  mobility: 20,
  opponentStuck: 150,
  roomSteps: 4,
  room: 25,
  near: [0, 0, 28, 12, 4],
};

const TOLERANCE = 1e-9;
/** Most targets a well has (the five directions). */
const DIRS = 5;
const NONE = -1;

/**
 * `DIRS` slots per (side, well), unused ones NONE: where a sphere of that side moves from that well
 * (TARGETS, flat), and from where the other side's spheres capture a sphere standing there.
 */
const MOVES_TO = new Int8Array(2 * WELLS * DIRS).fill(NONE);
const ATTACKED_FROM = new Int8Array(2 * WELLS * DIRS).fill(NONE);
/** How many of a (side, well)'s ATTACKED_FROM slots are used: loops of a known length, no sentinel test per step. */
const ATTACKED_COUNT = new Int8Array(2 * WELLS);
/**
 * MOVES_TO split for the count of standing steps: a sideways step (the same rank) stands when the
 * lift does and the position does, a forward one by its own moment; SIDEWAYS slots per (side,
 * well), then FORWARD slots, unused ones NONE.
 */
const SIDEWAYS = 2;
const FORWARD = 3;
const SIDEWAYS_TO = new Int8Array(2 * WELLS * SIDEWAYS).fill(NONE);
const FORWARD_TO = new Int8Array(2 * WELLS * FORWARD).fill(NONE);
COLORS.forEach((c, s) => {
  const enemy = TARGETS[COLORS[1 - s]!];
  for (let w = 0; w < WELLS; w++) {
    TARGETS[c][w]!.forEach((t, i) => (MOVES_TO[(s * WELLS + w) * DIRS + i] = t));
    let n = 0;
    for (let f = 0; f < WELLS; f++) if (enemy[f]!.includes(w)) ATTACKED_FROM[(s * WELLS + w) * DIRS + n++] = f;
    ATTACKED_COUNT[s * WELLS + w] = n;
    let sideways = 0;
    let forward = 0;
    for (const t of TARGETS[c][w]!) {
      if (Y2[t] === Y2[w]) SIDEWAYS_TO[(s * WELLS + w) * SIDEWAYS + sideways++] = t;
      else FORWARD_TO[(s * WELLS + w) * FORWARD + forward++] = t;
    }
  }
});

const rankOf = (w: number): number => (w / FILES) | 0;

export class SenryakuEvaluator {
  private readonly massByCell: Float64Array;
  private readonly gap2: number;
  private readonly boardMass: number;
  /** The lightest plain sphere: what one forward step costs in margin, at least. */
  private readonly stepMass: number;
  private readonly capLift = new Float64Array(5);
  /** A side's plain sphere at `from` with the enemy coloured sphere at `k`: NEARNESS[(s * WELLS + from) * WELLS + k]. */
  private readonly nearness: Int16Array;
  private readonly mobility: Int16Array;
  private readonly w: EvalWeights;

  constructor(model: BalanceModel, weights: EvalWeights = DEFAULT_WEIGHTS) {
    this.massByCell = model.massByCell;
    this.gap2 = 2 * model.halfGap;
    this.boardMass = model.boardMass;
    this.stepMass = Math.min(model.massByCell[1]!, model.massByCell[3]!);
    this.w = weights;
    this.mobility = Int16Array.from({ length: 2 * DIRS * 7 + 1 }, (_, n) => Math.round(weights.mobility * Math.sqrt(n)));
    this.nearness = new Int16Array(2 * WELLS * WELLS);
    for (let s = 0; s < 2; s++)
      for (let from = 0; from < WELLS; from++)
        for (let k = 0; k < WELLS; k++) {
          const ahead = s === 0 ? rankOf(k) - rankOf(from) : rankOf(from) - rankOf(k);
          const d = Math.max(Math.abs((k % FILES) - (from % FILES)), Math.abs(rankOf(k) - rankOf(from)));
          this.nearness[(s * WELLS + from) * WELLS + k] = ahead < 0 ? 0 : (weights.near[d] ?? 0);
        }
  }

  private cap(mass: number): number {
    const cap = this.gap2 * (this.boardMass + mass);
    return cap + TOLERANCE * (cap + 1);
  }

  /** `kings`: each side's coloured sphere's well; `locks`: each side's locked well or -1 (0 White, 1 Black). */
  evaluate(board: Int8Array, side: 0 | 1, locks: Int32Array, kings: Int32Array, moment2: number, mass: number): number {
    const massByCell = this.massByCell;
    const capLift = this.capLift;
    const capFull = this.cap(mass);
    for (let c = 1; c <= 4; c++) capLift[c] = this.cap(mass - massByCell[c]!);
    const kingW = kings[0]!;
    const kingB = kings[1]!;
    const lockW = locks[0]!;
    const lockB = locks[1]!;
    const nearness = this.nearness;
    // Per side: standing quiet moves, standing captures, locked spheres beside the enemy coloured sphere, advancement.
    let standW = 0;
    let standB = 0;
    let capsW = 0;
    let capsB = 0;
    let lockedW = 0;
    let lockedB = 0;
    let nearW = 0;
    let nearB = 0;

    // The tables and constants as locals: optimised code checks a module binding at each read (is
    // it initialised yet?), and the loop below reads them at every well.
    const y2 = Y2;
    const sidewaysTo = SIDEWAYS_TO;
    const forwardTo = FORWARD_TO;
    const attackedFrom = ATTACKED_FROM;
    const wells = WELLS;
    const empty = EMPTY;
    const none = NONE;
    // A sideways step ends where it began (the same rank, the same moment): it stands when its lift
    // and the position stand. A forward step adds m·2 half-pitches toward the enemy. The steps'
    // targets are read unrolled (at most SIDEWAYS and FORWARD of them, NONE after the last): the
    // evaluation is half the search's time, and this loop most of it.
    const nowStands = Math.abs(moment2) <= capFull;
    for (let w = 0; w < wells; w++) {
      const cell = board[w]!;
      if (cell === empty) continue;
      // Cells: 1 w, 2 W, 3 b, 4 B.
      if (cell === 1) nearW += nearness[w * wells + kingB]!;
      else if (cell === 3) nearB += nearness[(wells + w) * wells + kingW]!;
      const white = cell <= 2;
      // A locked sphere's steps do not count; its captures are counted from the coloured spheres below.
      if (w === (white ? lockW : lockB)) continue;
      const m = massByCell[cell]!;
      const y = y2[w]!;
      const lifted = moment2 - m * y;
      if (Math.abs(lifted) > capLift[cell]!) continue;
      let stand = 0;
      if (nowStands) {
        const base = ((white ? 0 : wells) + w) * SIDEWAYS;
        const t0 = sidewaysTo[base]!;
        if (t0 !== none) {
          if (board[t0] === empty) stand++;
          const t1 = sidewaysTo[base + 1]!;
          if (t1 !== none && board[t1] === empty) stand++;
        }
      }
      if (Math.abs(lifted + m * (white ? y + 2 : y - 2)) <= capFull) {
        const base = ((white ? 0 : wells) + w) * FORWARD;
        const t0 = forwardTo[base]!;
        if (t0 !== none) {
          if (board[t0] === empty) stand++;
          const t1 = forwardTo[base + 1]!;
          if (t1 !== none) {
            if (board[t1] === empty) stand++;
            const t2 = forwardTo[base + 2]!;
            if (t2 !== none && board[t2] === empty) stand++;
          }
        }
      }
      if (white) standW += stand;
      else standB += stand;
    }
    // The spheres beside each coloured sphere that could capture it: locked ones count apart, free
    // ones when their capture stands. (A captured coloured sphere is off the board: the search stops there.)
    if (board[kingB] === 4) {
      const base = (wells + kingB) * DIRS;
      for (let i = base; i < base + DIRS; i++) {
        const f = attackedFrom[i]!;
        if (f === none) break;
        const cell = board[f]!;
        if (cell !== 1 && cell !== 2) continue;
        if (f === lockW) lockedW++;
        else if (this.captureStands(moment2, mass, massByCell[cell]!, f, massByCell[4]!, kingB)) capsW++;
      }
    }
    if (board[kingW] === 2) {
      const base = kingW * DIRS;
      for (let i = base; i < base + DIRS; i++) {
        const f = attackedFrom[i]!;
        if (f === none) break;
        const cell = board[f]!;
        if (cell !== 3 && cell !== 4) continue;
        if (f === lockB) lockedB++;
        else if (this.captureStands(moment2, mass, massByCell[cell]!, f, massByCell[2]!, kingW)) capsB++;
      }
    }

    const me = side;
    const myCaps = me === 0 ? capsW : capsB;
    const myStand = me === 0 ? standW : standB;
    if (myCaps > 0) return WON;
    if (myStand === 0) return -WON;

    const wt = this.w;
    const room = wt.roomSteps;
    // A side's own moves spend its margin toward the opponent: moment2 > 0 leans toward Black.
    const roomW = (capFull - moment2) / 2 / this.stepMass;
    const roomB = (capFull + moment2) / 2 / this.stepMass;
    const white =
      this.mobility[standW]! +
      nearW +
      lockedW * wt.lockedAttacker +
      this.shelter(board, 0, kingW, lockB) -
      (roomW < room ? wt.room * (room - roomW) : 0);
    const black =
      this.mobility[standB]! +
      nearB +
      lockedB * wt.lockedAttacker +
      this.shelter(board, 1, kingB, lockW) -
      (roomB < room ? wt.room * (room - roomB) : 0);
    let total = me === 0 ? white - black : black - white;
    if ((me === 0 ? standB : standW) === 0) total += wt.opponentStuck;
    const threats = me === 0 ? capsB : capsW;
    if (threats > 0) {
      total -= threats * wt.threatened;
      if (!this.canStepAway(board, me, me === 0 ? kingW : kingB, me === 0 ? lockB : lockW, moment2, capFull)) total -= wt.cornered;
    }
    return Math.round(total);
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
   * Side s's coloured sphere on k: for each well it can be captured from, an own sphere there
   * shields it, free enemy spheres that can step there approach it. Returns s's score for it.
   */
  private shelter(board: Int8Array, s: number, k: number, enemyLock: number): number {
    const attackedFrom = ATTACKED_FROM;
    const attackedCount = ATTACKED_COUNT;
    const wells = WELLS;
    const empty = EMPTY;
    const shield = this.w.shield;
    const approach = this.w.approach;
    const own = s === 0 ? 1 : 3;
    const enemy = s === 0 ? 3 : 1;
    let v = 0;
    const base = (s * wells + k) * DIRS;
    const end = base + attackedCount[s * wells + k]!;
    for (let i = base; i < end; i++) {
      const a = attackedFrom[i]!;
      const cell = board[a]!;
      if (cell === own || cell === own + 1) v += shield;
      else if (cell === empty) {
        // Enemy spheres that step onto a: those the enemy's own side could be captured from there, seen from a.
        const reach = (s * wells + a) * DIRS;
        const last = reach + attackedCount[s * wells + a]!;
        for (let j = reach; j < last; j++) {
          const f = attackedFrom[j]!;
          const e = board[f]!;
          if ((e === enemy || e === enemy + 1) && f !== enemyLock) v -= approach;
        }
      }
    }
    return v;
  }

  /** Whether side s's coloured sphere on k has a standing step to a well no free enemy sphere can capture it on. */
  private canStepAway(board: Int8Array, s: number, k: number, enemyLock: number, moment2: number, capFull: number): boolean {
    const cell = board[k]!;
    const m = this.massByCell[cell]!;
    const lifted = moment2 - m * Y2[k]!;
    if (Math.abs(lifted) > this.capLift[cell]!) return false;
    const enemy = s === 0 ? 3 : 1;
    const base = (s * WELLS + k) * DIRS;
    for (let i = base; i < base + DIRS; i++) {
      const t = MOVES_TO[i]!;
      if (t === NONE) break;
      if (board[t] !== EMPTY || Math.abs(lifted + m * Y2[t]!) > capFull) continue;
      let safe = true;
      const from = (s * WELLS + t) * DIRS;
      for (let j = from; j < from + DIRS && safe; j++) {
        const f = ATTACKED_FROM[j]!;
        if (f === NONE) break;
        const e = board[f]!;
        if ((e === enemy || e === enemy + 1) && f !== enemyLock) safe = false;
      }
      if (safe) return true;
    }
    return false;
  }
}
