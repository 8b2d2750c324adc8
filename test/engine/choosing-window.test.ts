// A level that chooses among near-best moves searches the root in a window from the best less its
// margin to the best: every move it may choose must then score, by a full search of the same depth,
// within that margin of the best (the window's exact scores are the full search's), and the
// window must cost fewer nodes than giving every root move an open window would.
import { describe, expect, it } from 'vitest';
import { levelPlay } from '../../src/engine/levels.ts';
import { Searcher } from '../../src/engine/search.ts';
import type { EngineGame, Level, SearchBoard } from '../../src/engine/types.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';
import { Rng } from '../../src/util/rng.ts';
import { randomOpening } from '../../bench/support/play-game.ts';

const now = (): number => 0;

/** Each root move's score by a full search of depth - 1 after it (an open window for every move). */
function exactRootScores(game: EngineGame, board: SearchBoard, depth: number): Map<string, number> {
  const out = new Int32Array(board.maxMoves);
  const n = board.generate(out);
  const scores = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const text = game.formatMove(board, out[i]!);
    const end = board.make(out[i]!);
    let score: number;
    if (end === 'continues') {
      const info = new Searcher(16).search(game, board, { depth: depth - 1 }, { level: 10, seed: 0, now }).info;
      score = info.score.kind === 'cp' ? -info.score.value : info.score.moves > 0 ? -100_000 : 100_000;
    } else score = end === 'mover-wins' ? 100_000 : end === 'mover-loses' ? -100_000 : 0;
    board.unmake(out[i]!);
    scores.set(text, score);
  }
  return scores;
}

describe("a choosing level's root window", () => {
  for (const id of ['senryaku', 'surakarta'] as const) {
    it(`${id}: every move a choosing level plays scores within the margin it drew of the best, at the same depth`, () => {
      const game = BUILT_IN_RULESETS.all.find((r) => r.id === id)!.engine!;
      const level: Level = 3;
      const depth = levelPlay(level).depth;
      let checked = 0;
      let varied = 0;
      let close = 0;
      for (let p = 0; p < 6; p++) {
        const opening = randomOpening(game, 6 + p, 100 + p);
        if (!opening.ok) throw new Error(opening.error.message);
        const loaded = game.load(game.startPosition, opening.value);
        if (!loaded.ok) throw new Error(loaded.error.message);
        const exact = exactRootScores(game, loaded.value, depth);
        const best = Math.max(...exact.values());
        const chosenMoves = new Set<string>();
        for (let seed = 0; seed < 25; seed++) {
          const out = new Searcher(16).search(game, loaded.value, { depth }, { level, seed, now });
          expect(out.info.depth).toBe(depth);
          const chosen = exact.get(out.bestMove!)!;
          // The margin this seed drew (the search's first draw from it: careless or not).
          const play = levelPlay(level);
          const margin = new Rng(seed).float() < play.carelessness ? play.carelessMargin : play.margin;
          expect(best - chosen, `${opening.value.join(' ')}: ${out.bestMove}`).toBeLessThanOrEqual(margin);
          chosenMoves.add(out.bestMove!);
          checked++;
        }
        // Where a second move is within half the margin, 25 seeds choose it too (each within the
        // margin weighs at least half the best's): the window found it exact, not only below the best.
        const near = [...exact.values()].filter((s) => best - s <= levelPlay(level).margin / 2).length;
        if (near >= 2) {
          close++;
          if (chosenMoves.size >= 2) varied++;
        }
      }
      expect(checked).toBe(150);
      expect(close).toBeGreaterThan(0);
      expect(varied).toBe(close);
    });
  }
});
