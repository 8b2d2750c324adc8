import { describe, expect, it } from 'vitest';
import { FIXTURE_GAMES, engineLines, readFixture, type FixtureGame } from './engine-fixture.ts';

// A speed change must leave every score, key and search result as it was (engine-fixture.ts says how the fixtures were made).
describe('each engine computes what its stored fixture says', () => {
  for (const game of Object.keys(FIXTURE_GAMES) as FixtureGame[]) {
    it(`${game}: playout evaluations and keys, fixed-depth searches`, () => {
      const stored = readFixture(game);
      const now = engineLines(game);
      expect(stored.filter((l) => l.startsWith('eval ')).length).toBeGreaterThan(1000);
      expect(stored.filter((l) => l.startsWith('search ')).length).toBeGreaterThan(50);
      for (let i = 0; i < Math.max(stored.length, now.length); i++) expect(now[i], `line ${i + 1}`).toBe(stored[i]);
    }, 120_000);
  }
});
