/**
 * What a game's engine computes, written as text lines, to be compared with a stored fixture
 * (test/engine/fixtures/<game>-engine.txt) so that a change made for speed cannot change a score:
 * for the positions of seeded random playouts, the evaluation and the Zobrist key of each; for a
 * few positions, a fixed-depth search's best move, score and node count.
 *
 * The fixtures were written before the evaluations were tuned for speed. Rewrite one only for a
 * change meant to alter what the engine computes (and say so in the commit):
 *   npx tsx -e "import('./test/engine/engine-fixture.ts').then((f) => f.writeFixture('senryaku'))"
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { BREAKTHROUGH_ENGINE } from '../../src/games/breakthrough/engine/engine-game.ts';
import { SENRYAKU_ENGINE } from '../../src/games/senryaku/engine/engine-game.ts';
import { SURAKARTA_ENGINE } from '../../src/games/surakarta/engine/engine-game.ts';
import { seeded } from '../games/senryaku/engine/helpers.ts';
import { searchAt } from './board-helpers.ts';

export const FIXTURE_GAMES = {
  senryaku: { engine: SENRYAKU_ENGINE, depth: 5 },
  surakarta: { engine: SURAKARTA_ENGINE, depth: 4 },
  breakthrough: { engine: BREAKTHROUGH_ENGINE, depth: 4 },
} as const;
export type FixtureGame = keyof typeof FIXTURE_GAMES;

const PLAYOUTS = 30;
const PLIES = 80;
/** Positions searched: the start and every 20th position of the playouts. */
const SEARCH_EVERY = 20;

const fixturePath = (game: FixtureGame): string => new URL(`fixtures/${game}-engine.txt`, import.meta.url).pathname;

/** One line per playout position (`eval <position> <score> <key low> <key high>`), then one per search (`search <position> <depth> <best> <score> <nodes>`). */
export function engineLines(game: FixtureGame): string[] {
  const { engine, depth } = FIXTURE_GAMES[game];
  const lines: string[] = [];
  const searched: string[] = [engine.startPosition];
  for (let seed = 1; seed <= PLAYOUTS; seed++) {
    const rand = seeded(seed);
    const loaded = engine.load(engine.startPosition, []);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const board = loaded.value;
    const moves = new Int32Array(board.maxMoves);
    for (let ply = 0; ply < PLIES; ply++) {
      const text = engine.position(board);
      lines.push(`eval ${text} ${board.evaluate()} ${board.hashLow()} ${board.hashHigh()}`);
      if (lines.length % SEARCH_EVERY === 0) searched.push(text);
      const n = board.generate(moves);
      const going: number[] = [];
      for (let i = 0; i < n; i++) {
        if (board.make(moves[i]!) === 'continues') going.push(moves[i]!);
        board.unmake(moves[i]!);
      }
      if (going.length === 0) break;
      board.make(going[Math.floor(rand() * going.length)]!);
    }
  }
  for (const text of searched) {
    const out = searchAt(engine, text, depth);
    lines.push(`search ${text} ${depth} ${out.bestMove ?? '(none)'} ${JSON.stringify(out.info.score)} ${out.info.nodes}`);
  }
  return lines;
}

export const readFixture = (game: FixtureGame): string[] => readFileSync(fixturePath(game), 'utf8').trimEnd().split('\n');

export function writeFixture(game: FixtureGame): void {
  writeFileSync(fixturePath(game), `${engineLines(game).join('\n')}\n`);
}
