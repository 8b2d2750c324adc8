// A holding attributed otherwise, in the match store: the game's row and the match's result
// follow the withdrawal and the new result; every verdict is kept; SGN shows the attribution
// as a comment and reads it back to the same bytes.
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { exportMatch, importMatch, parseSgn, type MatchStore } from '../../src/store/index.ts';
import { RefereeDriver } from '../referee/senryaku/driver.ts';
import { INFO } from './fixtures.ts';
import { runMain } from '../cli/run-main.ts';
import { dump, tempDir, tempStore } from './helpers.ts';
import { join } from 'node:path';

const START = 'bbbBbbb/7/7/7/7/wwwWwww w - -';

/**
 * A match to 2 points, as the Senryaku referee calls it. Game 1: held on White's turn, then
 * attributed to Black: A (White) wins it. Game 2 (B White): held on Black's turn, attributed to
 * nobody: the game goes on, and White (B) crashes the board: A wins the game and the match.
 */
function attributedMatch(): Verdict[] {
  const r = new RefereeDriver({ match: { trackLength: 2, colours: 'alternate' } });
  r.snapshotOf(START);
  r.hold('start');
  r.tick(2100);
  r.hold('end');
  r.attribute('black');
  r.cleared();
  r.snapshotOf(START);
  r.move('a1-a2');
  r.hold('start');
  r.tick(2100);
  r.hold('end');
  r.attribute('none');
  r.move('g6-g5');
  r.lift('b1');
  r.tip('black');
  return r.verdicts;
}

const file = (store: MatchStore, verdicts: readonly Verdict[], order: readonly number[]): void => {
  for (const i of order) store.recordVerdict(INFO, i + 1, verdicts[i]!);
};

describe('the match store: a holding attributed otherwise', () => {
  const verdicts = attributedMatch();

  it('the referee says what the test means it to', () => {
    expect(verdicts.filter((v) => v.type === 'attributed').map((v) => v.to)).toEqual(['black', 'none']);
    expect(verdicts.at(-1)).toMatchObject({ type: 'match-over', winner: 'A', score: { A: 2, B: 0 } });
  });

  it('a second game-over for the same game replaces the first; every verdict and every forfeit called is kept', () => {
    const store = tempStore();
    file(
      store,
      verdicts,
      verdicts.map((_, i) => i),
    );
    const rows = dump(store);
    expect(rows.verdicts).toHaveLength(verdicts.length);
    expect(rows.games).toMatchObject([
      { number: 1, result: '1-0', winner_side: 'white', termination: 'holding', points_a: 1, points_b: 0 },
      { number: 2, result: '0-1', winner_side: 'black', termination: 'crash', points_a: 1, points_b: 0 },
    ]);
    expect(rows.scores).toMatchObject([
      { game: 1, score_a: 1, score_b: 0 },
      { game: 2, score_a: 2, score_b: 0 },
    ]);
    expect(rows.forfeits.map((f) => (f as { loser: string }).loser)).toEqual(['white', 'black', 'black']);
    expect(store.list()[0]).toMatchObject({ result: 'A', games: 2 });
    store.close();
  });

  it('a withdrawn match-over clears the match result, and the game is on again', () => {
    const r = new RefereeDriver({ match: { trackLength: 1, colours: 'alternate' } });
    r.snapshotOf(START);
    r.hold('start');
    r.tick(2100);
    const store = tempStore();
    file(
      store,
      r.verdicts,
      r.verdicts.map((_, i) => i),
    );
    expect(store.list()[0]?.result).toBe('B');
    const before = r.verdicts.length;
    r.attribute('none');
    file(store, r.verdicts, r.verdicts.map((_, i) => i).slice(before));
    expect(store.list()[0]?.result).toBeUndefined();
    expect(store.match(INFO.matchId)?.games[0]).toMatchObject({ result: '*', points: { A: 0, B: 0 }, score: { A: 0, B: 0 } });
    expect(store.match(INFO.matchId)?.games[0]?.events.map((e) => e.kind)).toEqual(['forfeit', 'attributed']);
    store.close();
  });

  it('filed in any order (a hub hearing them late), the rows are those of the live order', () => {
    const live = tempStore();
    file(
      live,
      verdicts,
      verdicts.map((_, i) => i),
    );
    const late = tempStore();
    file(late, verdicts, verdicts.map((_, i) => i).reverse());
    const { verdicts: _a, ...liveRows } = dump(live);
    const { verdicts: _b, ...lateRows } = dump(late);
    expect(lateRows).toEqual(liveRows);
    expect(late.verdicts(INFO.matchId)).toEqual(live.verdicts(INFO.matchId));
    live.close();
    late.close();
  });

  it('SGN: the attribution is a comment, the result the final one; export, import, export gives the same bytes', () => {
    const store = tempStore();
    file(
      store,
      verdicts,
      verdicts.map((_, i) => i),
    );
    const first = exportMatch(store, INFO.matchId, 'sgn');
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value).toContain("{forfeit white holding: the board was held for 2.1 s during white's turn}");
    expect(first.value).toContain(
      "{attributed black: black held the board: white's forfeit of game 1 is withdrawn, and black forfeits it instead}",
    );
    expect(first.value).toContain('{forfeit black holding: the operator attributes the holding to black} 1-0');
    expect(first.value).toMatch(/\{attributed none: nobody at the table held the board: [^}]*\}\s+1\.\.\. g6-g5/);
    expect(first.value).toContain('[Result "0-1"]\n[Termination "crash"]');
    expect(first.value).toContain('[MatchResult "A"]');
    const parsed = parseSgn(first.value);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.verdicts.filter((v) => v.verdict.type === 'attributed').map((v) => v.verdict)).toEqual([
      expect.objectContaining({ game: 1, to: 'black', score: { A: 0, B: 0 } }),
      expect.objectContaining({ game: 2, to: 'none', score: { A: 1, B: 0 } }),
    ]);
    const again = tempStore();
    expect(importMatch(again, parsed.value).ok).toBe(true);
    const second = exportMatch(again, INFO.matchId, 'sgn');
    expect(second.ok && second.value).toBe(first.value);
    store.close();
    again.close();
  });

  it('SGN: an attribution to a side the game does not have is refused', () => {
    const store = tempStore();
    file(
      store,
      verdicts,
      verdicts.map((_, i) => i),
    );
    const text = exportMatch(store, INFO.matchId, 'sgn');
    if (!text.ok) throw new Error(text.error.message);
    const bad = parseSgn(text.value.replace('{attributed black:', '{attributed light:'));
    expect(bad.ok ? undefined : bad.error).toMatchObject({
      code: 'BadComment',
      message: expect.stringContaining("'light' is not a side of this game or none"),
    });
    store.close();
  });

  it("senryaku matches show: the attribution among the game's events", async () => {
    const dir = tempDir();
    const store = tempStore(dir);
    file(
      store,
      verdicts,
      verdicts.map((_, i) => i),
    );
    store.close();
    const shown = await runMain(['matches', 'show', INFO.matchId, '--db', join(dir, 'matches.db')]);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(
      "  after ply 0: holding attributed to black: black held the board: white's forfeit of game 1 is withdrawn, and black forfeits it instead",
    );
    expect(shown.out.filter((l) => l.includes('holding attributed to none'))).toHaveLength(1);
  });
});
