/**
 * One game between two of the engine's players (a level, or a random-but-safe player: any legal
 * move that does not lose then and there, such as a crash) from a start position, every move
 * played through the game's rules core (EngineGame.load checks each), for the level ladder and
 * the tests. Pure: the clock and the seed come in.
 */
import { Rng } from '../../src/util/rng.ts';
import { err, ok, type Result } from '../../src/util/result.ts';
import { Searcher } from '../../src/engine/search.ts';
import type { EngineGame, EngineProblem, Level, PositionKey, Score, SearchBoard, SearchLimits } from '../../src/engine/types.ts';

export type GamePlayer =
  { readonly kind: 'engine'; readonly level: Level; readonly limits: SearchLimits } | { readonly kind: 'random-safe' };

/**
 * How a game ended: a move won or lost it, the side to move had none, a move drew it, a position
 * came back `repetitions` times (then judged as at the cap), the ply cap was reached (judged), or
 * both engines agreed for long enough that one side has won (`resign`).
 */
export const GAME_ENDS = ['move', 'no-move', 'draw', 'repetition', 'adjudicated', 'resigned'] as const;
export type GameEnd = (typeof GAME_ENDS)[number];

export interface PlayerStats {
  readonly moves: number;
  readonly nodes: number;
  /** Time spent choosing moves, by the clock handed in. */
  readonly ms: number;
  readonly maxMs: number;
  /** The same by the CPU clock handed in (0 without one). */
  readonly cpuMs: number;
}

export interface PlayedGame {
  readonly moves: readonly string[];
  /** The player (0 moved first) who won; undefined for a draw. */
  readonly winner: 0 | 1 | undefined;
  readonly end: GameEnd;
  readonly stats: readonly [PlayerStats, PlayerStats];
}

/**
 * Who wins a game stopped at the ply cap or by a repetition, from the side to move's view (the
 * game's own rule where it has one, Surakarta's pieces in play; otherwise the bench's judge).
 */
export type Adjudicate = (position: string) => 'side-to-move' | 'other' | 'draw';

export interface PlayGameOptions {
  readonly start?: string;
  /** Moves played from the start before the players' first (an opening: randomOpening), counted in the plies. */
  readonly opening?: readonly string[];
  readonly seed: number;
  readonly now: () => number;
  /** Milliseconds of CPU time from any origin, for the stats' cpuMs (the bench's process.cpuUsage). */
  readonly cpuNow?: () => number;
  /** The clock an engine's movetime reads (default `now`): the bench's CPU clock keeps a busy machine from weakening a timed level. */
  readonly searchNow?: () => number;
  readonly maxPlies: number;
  /** A position met this many times (the same side to move) stops the game, judged as at the cap; none: never. */
  readonly repetitions?: number;
  readonly adjudicate?: Adjudicate;
  /**
   * The resign rule of engine matches (cutechess-cli's twosided `-resign`): when both players are
   * engines and each of their last `moves` searches scored the game at least `score` centi-units
   * (or a forced end) for the same side, that side has won. Only for engines whose search is
   * exact (no chosen errors), whose scores are what they will play by.
   */
  readonly resign?: { readonly score: number; readonly moves: number };
}

/** How far a score says the side that searched is ahead: centi-units, a forced end as ±Infinity. */
const advantage = (score: Score): number => (score.kind === 'mate' ? Math.sign(score.moves) * Infinity : score.value);

/** A move chosen at random among those that do not lose at once (all of them lose: any). */
function randomSafeMove(board: SearchBoard, rng: Rng): number | undefined {
  const out = new Int32Array(board.maxMoves);
  const n = board.generate(out);
  if (n === 0) return undefined;
  const safe: number[] = [];
  for (let i = 0; i < n; i++) {
    const end = board.make(out[i]!);
    board.unmake(out[i]!);
    if (end !== 'mover-loses') safe.push(out[i]!);
  }
  const from = safe.length > 0 ? safe : Array.from(out.subarray(0, n));
  return from[rng.int(0, from.length - 1)];
}

/**
 * `plies` moves from `start`, each at random among those that neither lose nor end the game (the
 * same seed, the same opening): games between deterministic levels differ by their openings, and
 * each opening is played twice, colours swapped, so neither side has the better of it.
 */
export function randomOpening(
  game: EngineGame,
  plies: number,
  seed: number,
  start: string = game.startPosition,
): Result<string[], EngineProblem> {
  const rng = new Rng(seed);
  const moves: string[] = [];
  const loaded = game.load(start, []);
  if (!loaded.ok) return loaded;
  const board = loaded.value;
  const out = new Int32Array(board.maxMoves);
  for (let ply = 0; ply < plies; ply++) {
    const n = board.generate(out);
    const quiet: number[] = [];
    for (let i = 0; i < n; i++) {
      const end = board.make(out[i]!);
      board.unmake(out[i]!);
      if (end === 'continues') quiet.push(out[i]!);
    }
    if (quiet.length === 0) break;
    const move = quiet[rng.int(0, quiet.length - 1)]!;
    moves.push(game.formatMove(board, move));
    board.make(move);
  }
  return ok(moves);
}

export function playGame(
  game: EngineGame,
  players: readonly [GamePlayer, GamePlayer],
  options: PlayGameOptions,
): Result<PlayedGame, EngineProblem> {
  const start = options.start ?? game.startPosition;
  const rng = new Rng(options.seed);
  const searchers = [new Searcher(16), new Searcher(16)] as const;
  const stats = [0, 1].map(() => ({ moves: 0, nodes: 0, ms: 0, maxMs: 0, cpuMs: 0 }));
  const cpuNow = options.cpuNow ?? (() => 0);
  const searchNow = options.searchNow ?? options.now;
  const moves: string[] = [...(options.opening ?? [])];
  /** Every position so far, the current one last: the engines' history, and the repetition count. */
  const keys: PositionKey[] = [];
  /** Per player, how many of its searches in a row saw player 0 (positive) or player 1 (negative) won. */
  const streaks = [0, 0];
  const done = (winner: 0 | 1 | undefined, end: GameEnd): Result<PlayedGame, EngineProblem> =>
    ok({ moves, winner, end, stats: [stats[0]!, stats[1]!] });
  for (let ply = moves.length; ; ply++) {
    const loaded = game.load(start, moves);
    if (!loaded.ok) return loaded;
    const board = loaded.value;
    const mover = (ply % 2) as 0 | 1;
    const other = (1 - mover) as 0 | 1;
    const key = { low: board.hashLow(), high: board.hashHigh() };
    const seen = keys.filter((k) => k.low === key.low && k.high === key.high).length;
    keys.push(key);
    const repeated = options.repetitions !== undefined && seen + 1 >= options.repetitions;
    if (repeated || ply >= options.maxPlies) {
      const verdict = options.adjudicate?.(game.position(board)) ?? 'draw';
      return done(verdict === 'side-to-move' ? mover : verdict === 'other' ? other : undefined, repeated ? 'repetition' : 'adjudicated');
    }
    const player = players[mover];
    const t0 = options.now();
    const c0 = cpuNow();
    let text: string | undefined;
    if (player.kind === 'engine') {
      const history = keys.slice(0, -1);
      const out = searchers[mover].search(game, board, player.limits, { level: player.level, seed: rng.uint32(), now: searchNow, history });
      stats[mover]!.nodes += out.info.nodes;
      text = out.bestMove;
      // From player 0's view: a search says the side to move (the mover) is ahead.
      const ahead = advantage(out.info.score) * (mover === 0 ? 1 : -1);
      const threshold = options.resign?.score ?? Infinity;
      const sign = ahead >= threshold ? 1 : ahead <= -threshold ? -1 : 0;
      const streak = streaks[mover]!;
      streaks[mover] = sign === 0 ? 0 : Math.sign(streak) === sign ? streak + sign : sign;
    } else {
      const move = randomSafeMove(board, rng);
      text = move === undefined ? undefined : game.formatMove(board, move);
    }
    const ms = options.now() - t0;
    const s = stats[mover]!;
    s.ms += ms;
    s.cpuMs += cpuNow() - c0;
    s.maxMs = Math.max(s.maxMs, ms);
    if (text === undefined) return done(other, 'no-move');
    s.moves++;
    const move = game.parseMove(board, text);
    if (!move.ok) return err({ code: 'IllegalMove', message: `player ${mover} chose ${text}: ${move.error.message}` });
    const end = board.make(move.value);
    moves.push(text);
    if (end === 'continues') {
      // Both engines have said it often enough: the game is decided (the move just made stands).
      const need = options.resign?.moves;
      const [a, b] = streaks as [number, number];
      if (need !== undefined && players[0].kind === 'engine' && players[1].kind === 'engine') {
        if (a >= need && b >= need) return done(0, 'resigned');
        if (a <= -need && b <= -need) return done(1, 'resigned');
      }
      continue;
    }
    // The rules core plays the game's last move too (a game it sees over is fine; an illegal move is not).
    const checked = game.load(start, moves);
    if (!checked.ok && checked.error.code !== 'GameOver') return checked;
    return done(end === 'mover-wins' ? mover : end === 'mover-loses' ? other : undefined, end === 'draw' ? 'draw' : 'move');
  }
}
