/**
 * The search: iterative deepening over a negamax alpha-beta with principal-variation windows,
 * a transposition table, move ordering (the table's move, noisy moves, two killers per ply,
 * history) and a quiescence search on noisy moves, for any game that hands in a SearchBoard.
 *
 * A move that ends the game is scored where it is made (SearchBoard.make says so), a side
 * with no move has lost, and a position met again on the line being searched is a draw (a
 * line that repeats gains nothing). Pure: the only clock is `options.now`, the only chance is
 * `options.seed`; with a depth or node limit the search is the same on every machine.
 */
import { Rng } from '../util/rng.ts';
import { choosesAmongMoves, levelLimits, levelPlay } from './levels.ts';
import { INFINITE, MAX_PLY, WIN, fromTable, isDecisive, scoreOf, toTable } from './score.ts';
import { TranspositionTable } from './transposition.ts';
import type {
  EngineGame,
  Level,
  MoveEnd,
  PositionKey,
  SearchBoard,
  SearchInfo,
  SearchLimits,
  SearchOptions,
  SearchOutcome,
} from './types.ts';

/** Quiescence follows noisy moves this many plies at most (a chain of captures ends long before). */
const MAX_QUIESCENCE = 16;
/** How often (in nodes, a power of two less one) the search reads the clock and the stop flag. */
const CHECK_EVERY = 2047;
/**
 * Kept back from a movetime (UCI engines' "move overhead"): the clock is read only every
 * CHECK_EVERY nodes, the search then unwinds and answers, and a busy machine may deschedule the
 * process between two reads (level 10 at movetime 1000 took up to 1,045 ms at load 8 without
 * it). A twentieth of the movetime, at most this much.
 */
const MOVE_OVERHEAD_MS = 50;
/** History slots: a move's code modulo this (the games' move codes stay below it). */
const HISTORY_SIZE = 1 << 13;
/** The table's size by default: 2^18 slots, 4 MiB. */
export const DEFAULT_TABLE_BITS = 18;

/** The score of a move that ended the game, for the side that made it, `ply` plies below the root. */
function endScore(end: MoveEnd, ply: number): number {
  if (end === 'mover-wins') return WIN - ply - 1;
  if (end === 'mover-loses') return -(WIN - ply - 1);
  return 0;
}

/** One search's working state: the board walked, the counters, and the ordering tables. */
class Walk {
  nodes = 0;
  seldepth = 0;
  aborted = false;
  /**
   * Set once the first root move has a score: before that the search never stops, so there is
   * always a move. (Not only after a whole depth: a depth-1 search whose quiescence meets a long
   * run of captures can take millions of nodes, and a level's budget must hold there too.)
   */
  mayAbort = false;
  /** The node count at which the limits are read next: every CHECK_EVERY + 1 nodes, and at the node budget itself. */
  private nextCheck = 0;
  private readonly moves: Int32Array[] = [];
  private readonly order: Int32Array[] = [];
  private readonly killers = new Int32Array(2 * MAX_PLY).fill(-1);
  private readonly history = new Int32Array(2 * HISTORY_SIZE);
  private readonly pathLow = new Int32Array(MAX_PLY);
  private readonly pathHigh = new Int32Array(MAX_PLY);
  readonly pv = new Int32Array(MAX_PLY * MAX_PLY);
  readonly pvLength = new Int32Array(MAX_PLY + 1);
  /** The game's earlier positions by key: low half to the high halves met with it. */
  private readonly earlier: Map<number, number[]> | undefined;

  constructor(
    readonly board: SearchBoard,
    private readonly table: TranspositionTable,
    private readonly nodeLimit: number,
    private readonly deadline: number,
    private readonly now: () => number,
    private readonly shouldStop: (() => boolean) | undefined,
    history: readonly PositionKey[] | undefined,
  ) {
    this.nextCheck = Math.min(CHECK_EVERY + 1, nodeLimit);
    if (history && history.length > 0) {
      this.earlier = new Map();
      for (const { low, high } of history) {
        const highs = this.earlier.get(low | 0);
        if (highs) highs.push(high | 0);
        else this.earlier.set(low | 0, [high | 0]);
      }
    }
  }

  /** The move list of a ply, made the first time the search reaches that ply. */
  private movesAt(ply: number): Int32Array {
    while (this.moves.length <= ply) {
      this.moves.push(new Int32Array(this.board.maxMoves));
      this.order.push(new Int32Array(this.board.maxMoves));
    }
    return this.moves[ply]!;
  }

  private checkLimits(): void {
    this.nextCheck = Math.min(this.nodes + CHECK_EVERY + 1, Math.max(this.nodeLimit, this.nodes + 1));
    if (!this.mayAbort) return;
    if (this.nodes >= this.nodeLimit || this.now() >= this.deadline || this.shouldStop?.() === true) this.aborted = true;
  }

  /** Generates the moves at `ply` and gives each an ordering score; returns how many. */
  private generateOrdered(ply: number, ttMove: number): number {
    const board = this.board;
    const moves = this.movesAt(ply);
    const order = this.order[ply]!;
    const n = board.generate(moves);
    const k0 = this.killers[2 * ply]!;
    const k1 = this.killers[2 * ply + 1]!;
    const history = (ply & 1) * HISTORY_SIZE;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      order[i] =
        m === ttMove
          ? 1 << 30
          : board.isNoisy(m)
            ? 1 << 29
            : m === k0
              ? (1 << 28) + 1
              : m === k1
                ? 1 << 28
                : this.history[history + (m & (HISTORY_SIZE - 1))]!;
    }
    return n;
  }

  /** Brings the best-ordered of moves[i..n) to i (a selection step: most nodes cut after a few moves). */
  private pick(ply: number, i: number, n: number): number {
    const moves = this.moves[ply]!;
    const order = this.order[ply]!;
    let best = i;
    for (let j = i + 1; j < n; j++) if (order[j]! > order[best]!) best = j;
    if (best !== i) {
      const m = moves[i]!;
      moves[i] = moves[best]!;
      moves[best] = m;
      const o = order[i]!;
      order[i] = order[best]!;
      order[best] = o;
    }
    return moves[i]!;
  }

  private remember(ply: number, move: number, depth: number): void {
    if (this.board.isNoisy(move)) return;
    if (this.killers[2 * ply] !== move) {
      this.killers[2 * ply + 1] = this.killers[2 * ply]!;
      this.killers[2 * ply] = move;
    }
    const h = (ply & 1) * HISTORY_SIZE + (move & (HISTORY_SIZE - 1));
    this.history[h] = Math.min(this.history[h]! + depth * depth, 1 << 27);
  }

  private updatePv(ply: number, move: number): void {
    const row = ply * MAX_PLY;
    const below = (ply + 1) * MAX_PLY;
    this.pv[row + ply] = move;
    const end = this.pvLength[ply + 1]!;
    for (let k = ply + 1; k < end; k++) this.pv[row + k] = this.pv[below + k]!;
    this.pvLength[ply] = Math.max(end, ply + 1);
  }

  /** Marks the root's position as met, so that a line coming back to it is a repetition too. */
  enterRoot(): void {
    this.pathLow[0] = this.board.hashLow();
    this.pathHigh[0] = this.board.hashHigh();
  }

  /** Whether the position at `ply` was already met on this line (same side to move: every other ply) or earlier in the game. */
  private repeats(ply: number, low: number, high: number): boolean {
    this.pathLow[ply] = low;
    this.pathHigh[ply] = high;
    for (let p = ply - 2; p >= 0; p -= 2) if (this.pathLow[p] === low && this.pathHigh[p] === high) return true;
    return this.earlier?.get(low)?.includes(high) === true;
  }

  negamax(depth: number, alpha: number, beta: number, ply: number): number {
    this.pvLength[ply] = ply;
    if (depth <= 0) return this.quiesce(alpha, beta, ply, 0);
    if (++this.nodes >= this.nextCheck) this.checkLimits();
    if (this.aborted) return 0;
    if (ply > this.seldepth) this.seldepth = ply;
    const board = this.board;
    const low = board.hashLow();
    const high = board.hashHigh();
    if (ply > 0 && this.repeats(ply, low, high)) return 0;
    if (ply >= MAX_PLY - 1) return board.evaluate();

    let ttMove = -1;
    const slot = this.table.probe(low, high);
    if (slot >= 0) {
      ttMove = this.table.move(slot);
      if (ply > 0 && this.table.depth(slot) >= depth) {
        const s = fromTable(this.table.score(slot), ply);
        const bound = this.table.bound(slot);
        if (bound === 'exact' || (bound === 'lower' && s >= beta) || (bound === 'upper' && s <= alpha)) return s;
      }
    }

    const n = this.generateOrdered(ply, ttMove);
    if (n === 0) return -(WIN - ply);
    const alphaIn = alpha;
    let best = -INFINITE;
    let bestMove = -1;
    for (let i = 0; i < n; i++) {
      const move = this.pick(ply, i, n);
      this.pvLength[ply + 1] = ply + 1;
      const end = board.make(move);
      let score: number;
      if (end !== 'continues') score = endScore(end, ply);
      else if (i === 0) score = -this.negamax(depth - 1, -beta, -alpha, ply + 1);
      else {
        score = -this.negamax(depth - 1, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && score < beta) score = -this.negamax(depth - 1, -beta, -alpha, ply + 1);
      }
      board.unmake(move);
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        bestMove = move;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, move);
          if (score >= beta) {
            this.remember(ply, move, depth);
            break;
          }
        }
      }
    }
    const bound = best >= beta ? 'lower' : best > alphaIn ? 'exact' : 'upper';
    this.table.store(low, high, depth, bound, toTable(best, ply), bestMove);
    return best;
  }

  /** Noisy moves only, until the position is quiet: the evaluation is never read in the middle of an exchange. */
  quiesce(alpha: number, beta: number, ply: number, qdepth: number): number {
    this.pvLength[ply] = ply;
    if (++this.nodes >= this.nextCheck) this.checkLimits();
    if (this.aborted) return 0;
    if (ply > this.seldepth) this.seldepth = ply;
    const board = this.board;
    const moves = this.movesAt(ply);
    const n = board.generate(moves);
    if (n === 0) return -(WIN - ply);
    const standPat = board.evaluate();
    if (standPat >= beta || qdepth >= MAX_QUIESCENCE || ply >= MAX_PLY - 1) return standPat;
    if (standPat > alpha) alpha = standPat;
    let best = standPat;
    for (let i = 0; i < n; i++) {
      const move = moves[i]!;
      if (!board.isNoisy(move)) continue;
      this.pvLength[ply + 1] = ply + 1;
      const end = board.make(move);
      const score = end !== 'continues' ? endScore(end, ply) : -this.quiesce(-beta, -alpha, ply + 1, qdepth + 1);
      board.unmake(move);
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, move);
          if (score >= beta) break;
        }
      }
    }
    return best;
  }
}

/** The root's moves and what the last complete depth found for each. */
interface RootMove {
  readonly move: number;
  score: number;
  pv: number[];
}

/**
 * A searcher keeps its transposition table from one search to the next (the moves of one game
 * share most positions); `newGame` forgets it.
 */
export class Searcher {
  readonly #table: TranspositionTable;

  constructor(tableBits: number = DEFAULT_TABLE_BITS) {
    this.#table = new TranspositionTable(tableBits);
  }

  newGame(): void {
    this.#table.clear();
  }

  search(game: EngineGame, board: SearchBoard, limits: SearchLimits, options: SearchOptions): SearchOutcome {
    const started = options.now();
    const bounds = levelLimits(options.level, limits);
    const deadline = started + bounds.movetimeMs - Math.min(MOVE_OVERHEAD_MS, bounds.movetimeMs / 20);
    const walk = new Walk(board, this.#table, bounds.nodes, deadline, options.now, options.shouldStop, options.history);
    const root = rootMoves(board);
    const elapsed = (): number => Math.max(0, Math.round(options.now() - started));
    if (root.length === 0) {
      const info: SearchInfo = { depth: 0, seldepth: 0, score: scoreOf(-WIN), nodes: 0, timeMs: elapsed(), pv: [] };
      return { bestMove: undefined, info };
    }
    // A level that chooses among near-best moves draws how near first (now and then, carelessly, a
    // wider margin): the root then needs exact scores only for the moves within that margin.
    const rng = new Rng(options.seed);
    const margin = choiceMargin(options.level, rng);
    let completed: { depth: number; score: number; pv: number[]; seldepth: number } | undefined;
    for (let depth = 1; depth <= bounds.depth && depth < MAX_PLY; depth++) {
      const score = searchRoot(walk, root, depth, margin);
      if (walk.aborted) break;
      root.sort((a, b) => b.score - a.score); // stable: ties keep the earlier order
      completed = { depth, score, pv: root[0]!.pv, seldepth: walk.seldepth };
      options.onInfo?.(infoOf(game, board, completed, walk.nodes, elapsed()));
      if (isDecisive(score) && WIN - Math.abs(score) <= depth) break; // the end is proven: looking deeper changes nothing
      if (walk.nodes >= bounds.nodes) break;
      // A deeper iteration costs several times this one: do not start one the clock would cut.
      if (options.now() - started > bounds.movetimeMs / 2) break;
      if (options.shouldStop?.() === true) break;
    }
    if (!completed) root.sort((a, b) => b.score - a.score); // the first depth cut short: its scored moves first
    const done = completed ?? { depth: 0, score: root[0]!.score, pv: [root[0]!.move], seldepth: walk.seldepth };
    const chosen = margin > 0 ? chooseAmong(root, margin, rng) : root[0]!;
    // The best move's line: the last complete depth's, or a cut-short depth's that found a better move.
    const pv = chosen !== root[0] ? [chosen.move] : completed && chosen.move === done.pv[0] ? done.pv : chosen.pv;
    const info = infoOf(game, board, { ...done, score: chosen.score, pv }, walk.nodes, elapsed());
    return { bestMove: game.formatMove(board, chosen.move), info };
  }
}

/** A search with a table of its own (a caller that searches once, or does not keep a Searcher). */
export const search = (game: EngineGame, board: SearchBoard, limits: SearchLimits, options: SearchOptions): SearchOutcome =>
  new Searcher(16).search(game, board, limits, options);

function rootMoves(board: SearchBoard): RootMove[] {
  const out = new Int32Array(board.maxMoves);
  const n = board.generate(out);
  const moves = Array.from(out.subarray(0, n), (move) => ({ move, score: -INFINITE, pv: [move] }));
  // Noisy moves first at depth 1; afterwards each depth's scores order the next.
  return [...moves.filter((m) => board.isNoisy(m.move)), ...moves.filter((m) => !board.isNoisy(m.move))];
}

/**
 * One depth at the root. The first move gets an open window; each after it only needs to be
 * shown worse than the best so far, unless `margin` asks for the moves within that many
 * centi-units of the best (a level choosing among them): those are searched in a window from
 * the best less the margin to the best, so their scores are exact and a move below it fails low
 * at once (far cheaper than an open window for every move).
 */
function searchRoot(walk: Walk, root: RootMove[], depth: number, margin: number): number {
  const board = walk.board;
  walk.enterRoot();
  let alpha = -INFINITE;
  const results: { score: number; pv: number[] }[] = [];
  for (let i = 0; i < root.length; i++) {
    const entry = root[i]!;
    walk.pvLength[1] = 1;
    const end = board.make(entry.move);
    // Below this a move is no candidate: its score need only be shown under it.
    const floor = i === 0 || alpha <= -INFINITE + margin ? -INFINITE : alpha - margin;
    let score: number;
    if (end !== 'continues') score = endScore(end, 0);
    else if (i === 0) score = -walk.negamax(depth - 1, -INFINITE, INFINITE, 1);
    else if (margin > 0) {
      score = -walk.negamax(depth - 1, -(alpha + 1), -(floor - 1), 1);
      if (score > alpha && !walk.aborted) score = -walk.negamax(depth - 1, -INFINITE, -alpha, 1);
    } else {
      score = -walk.negamax(depth - 1, -alpha - 1, -alpha, 1);
      if (score > alpha && !walk.aborted) score = -walk.negamax(depth - 1, -INFINITE, -alpha, 1);
    }
    board.unmake(entry.move);
    if (walk.aborted) break;
    walk.mayAbort = true;
    const pv = [entry.move];
    for (let k = 1; k < walk.pvLength[1]; k++) pv.push(walk.pv[MAX_PLY + k]!);
    // A move shown only to be below the window keeps the window's floor as its bound (without a
    // margin: the best so far), so it sorts after those within.
    const shownBelow = margin > 0 ? score < floor : score <= alpha;
    results.push({ score: i === 0 || !shownBelow ? score : Math.min(score, (margin > 0 ? floor : alpha) - 1), pv });
    if (score > alpha) alpha = score;
  }
  // A depth cut short keeps the last complete depth's scores; the first depth, cut short, keeps
  // the moves it scored (the others stay unscored, below every scored move). One exception, as
  // engines have it: a move searched to the end at the deeper depth that beat the previous best
  // there (itself searched first and to the end) is better than it by the deeper look, so it goes
  // first with its deeper score. Not where every root score must be exact (a level choosing
  // among moves): its scores would mix two depths.
  if (walk.aborted && depth > 1) {
    if (margin === 0 && results.length > 1) promoteBest(root, results);
    return alpha;
  }
  results.forEach((result, i) => {
    root[i]!.score = result.score;
    root[i]!.pv = result.pv;
  });
  return alpha;
}

/** Moves the best of a cut-short depth's searched moves first, if it beat the first (the previous best) there. */
function promoteBest(root: RootMove[], results: readonly { score: number; pv: number[] }[]): void {
  let best = 0;
  for (let i = 1; i < results.length; i++) if (results[i]!.score > results[best]!.score) best = i;
  if (best === 0) return;
  const [entry] = root.splice(best, 1);
  entry!.score = results[best]!.score;
  entry!.pv = results[best]!.pv;
  root.unshift(entry!);
}

/** How far below the best a level's move may be this time: its margin, now and then (carelessly) a wider one; 0 for the best alone. */
function choiceMargin(level: Level, rng: Rng): number {
  if (!choosesAmongMoves(level)) return 0;
  const play = levelPlay(level);
  return rng.float() < play.carelessness ? play.carelessMargin : play.margin;
}

/**
 * A lower level's choice: at random among the moves within the margin of the best, a better
 * move more likely than a worse one; never a move the search saw lose by force when some move
 * does not.
 */
function chooseAmong(root: readonly RootMove[], margin: number, rng: Rng): RootMove {
  const best = root[0]!.score;
  const losing = (s: number): boolean => s <= -(WIN - MAX_PLY);
  const candidates = root.filter((m) => m.score >= best - margin && (!losing(m.score) || losing(best)));
  const weights = candidates.map((m) => margin + 1 - (best - m.score));
  let pick = rng.float() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < candidates.length; i++) {
    pick -= weights[i]!;
    if (pick < 0) return candidates[i]!;
  }
  return candidates[0]!;
}

/** The report of a depth: the principal variation in the game's notation, each move written before it is made. */
function infoOf(
  game: EngineGame,
  board: SearchBoard,
  at: { depth: number; score: number; pv: readonly number[]; seldepth: number },
  nodes: number,
  timeMs: number,
): SearchInfo {
  const pv: string[] = [];
  const made: number[] = [];
  for (const move of at.pv) {
    pv.push(game.formatMove(board, move));
    made.push(move);
    if (board.make(move) !== 'continues') break;
  }
  for (let i = made.length - 1; i >= 0; i--) board.unmake(made[i]!);
  // + 0: a draw negated on its way up is -0, which should read as 0.
  return { depth: at.depth, seldepth: Math.max(at.seldepth, at.depth), score: scoreOf(at.score + 0), nodes, timeMs, pv };
}
