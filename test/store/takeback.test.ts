// Takebacks in the match store: the moves taken back leave the game's move list (and SGN's
// move text) while every verdict is kept, the foul the way back drew among them; the takeback
// (with the foul it withdrew) is among the game's events, a comment in SGN that reads back to
// the same bytes, and a line of `matches show`.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { exportMatch, importMatch, parseSgn, type MatchStore } from '../../src/store/index.ts';
import { runMain } from '../cli/run-main.ts';
import { RefereeDriver } from '../referee/senryaku/driver.ts';
import { INFO } from './fixtures.ts';
import { dump, rowsByKey, tempDir, tempStore } from './helpers.ts';

const START = 'bbbBbbb/7/7/7/7/wwwWwww w - -';

/**
 * Game 1 as the Senryaku referee calls it: a1-a2, g6-g5; Black's g6-g5 taken back after a foul
 * on the way (g5 set down on f4 first, then on g6), which withdraws the foul the lift drew;
 * Black plays f6-f5 instead; White lifts a Black sphere (its first foul that counts) and b1-b2.
 */
function match(): Verdict[] {
  const r = new RefereeDriver();
  r.snapshotOf(START);
  r.move('a1-a2');
  r.move('g6-g5');
  r.play('lift g5, place f4, lift f4, place g6');
  r.move('f6-f5');
  r.play('lift a6, place a6');
  r.move('b1-b2');
  return r.verdicts;
}

const file = (store: MatchStore, verdicts: readonly Verdict[], order: readonly number[]): void => {
  for (const i of order) store.recordVerdict(INFO, i + 1, verdicts[i]!);
};
const inOrder = (verdicts: readonly Verdict[]) => verdicts.map((_, i) => i);

describe('the match store: a takeback', () => {
  const verdicts = match();

  it('the referee says what the test means it to', () => {
    expect(verdicts.filter((v) => v.type === 'move' || v.type === 'takeback' || v.type === 'foul').map((v) => v.type)).toEqual([
      'move',
      'move',
      'foul',
      'takeback',
      'move',
      'foul',
      'move',
    ]);
    expect(verdicts.filter((v) => v.type === 'foul').map((v) => v.type === 'foul' && v.count)).toEqual([1, 1]);
  });

  it('the moves taken back leave the move list, numbered on from where the game went back to; every verdict and the foul stay', () => {
    const store = tempStore();
    file(store, verdicts, inOrder(verdicts));
    const rows = dump(store);
    expect(rows.verdicts).toHaveLength(verdicts.length);
    expect(rows.moves.map((m) => [(m as { ply: number }).ply, (m as { notation: string }).notation])).toEqual([
      [1, 'a1-a2'],
      [2, 'f6-f5'],
      [3, 'b1-b2'],
    ]);
    // The foul is the side to move's (the board cannot tell whose hand it was).
    expect(rows.fouls).toMatchObject([
      { side: 'white', code: 'NotYourSphere', after_ply: 2, count: 1 },
      { side: 'white', code: 'NotYourSphere', after_ply: 2, count: 1 },
    ]);
    const events = store.match(INFO.matchId)?.games[0]?.events ?? [];
    expect(events.map((e) => e.kind)).toEqual(['move', 'foul', 'takeback', 'move', 'foul', 'move']);
    expect(events[2]).toEqual({
      kind: 'takeback',
      seq: expect.any(Number),
      atMs: expect.any(Number),
      afterPly: 1,
      side: 'black',
      moves: [{ side: 'black', move: 'g6-g5' }],
      withdrawn: { side: 'white', code: 'NotYourSphere' },
    });
    store.close();
  });

  it('filed in any order (a hub hearing them late), the rows are those of the live order', () => {
    const live = tempStore();
    file(live, verdicts, inOrder(verdicts));
    const late = tempStore();
    file(late, verdicts, inOrder(verdicts).reverse());
    const { verdicts: _a, ...liveRows } = rowsByKey(live);
    const { verdicts: _b, ...lateRows } = rowsByKey(late);
    expect(lateRows).toEqual(liveRows);
    live.close();
    late.close();
  });

  it('SGN: the takeback is a comment where it was made, the move text without its moves; export, import, export gives the same bytes', () => {
    const store = tempStore();
    file(store, verdicts, inOrder(verdicts));
    const first = exportMatch(store, INFO.matchId, 'sgn');
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.split('\n\n')[1]?.trim().replace(/\n/g, ' ')).toBe(
      "1. a1-a2 {foul white NotYourSphere: the sphere on g5 is black's; it is white's turn} {takeback 1: black g6-g5; withdraws white NotYourSphere} 1... f6-f5 {foul white NotYourSphere: the sphere on a6 is black's; it is white's turn} 2. b1-b2 *",
    );
    const parsed = parseSgn(first.value);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.verdicts.map((v) => v.verdict).filter((v) => v.type === 'takeback')).toEqual([
      {
        type: 'takeback',
        atMs: 0,
        side: 'black',
        plies: 1,
        moves: [{ side: 'black', move: 'g6-g5' }],
        position: '',
        withdrawn: { side: 'white', code: 'NotYourSphere' },
      },
    ]);
    // The foul withdrawn does not count: White's next foul is its first again, as the referee said.
    expect(parsed.value.verdicts.map((v) => v.verdict).flatMap((v) => (v.type === 'foul' ? [v.count] : []))).toEqual([1, 1]);
    const again = tempStore();
    expect(importMatch(again, parsed.value).ok).toBe(true);
    const second = exportMatch(again, INFO.matchId, 'sgn');
    expect(second.ok && second.value).toBe(first.value);
    store.close();
    again.close();
  });

  it('SGN: a takeback that miscounts its moves, or names a side the game does not have, is refused', () => {
    const store = tempStore();
    file(store, verdicts, inOrder(verdicts));
    const text = exportMatch(store, INFO.matchId, 'sgn');
    if (!text.ok) throw new Error(text.error.message);
    for (const [bad, why] of [
      ['{takeback 2: black g6-g5}', 'a takeback of 2 names 1 moves'],
      ['{takeback 1: dark g6-g5}', "'dark' is not a side of this game"],
      ['{takeback 1: black g6-g5; withdraws white Sneezed}', "'Sneezed' is not a foul code"],
    ] as const) {
      const parsed = parseSgn(text.value.replace('{takeback 1: black g6-g5; withdraws white NotYourSphere}', bad));
      expect(parsed.ok ? undefined : parsed.error).toMatchObject({ code: 'BadComment', message: expect.stringContaining(why) });
    }
    store.close();
  });

  it("senryaku matches show: the takeback among the game's events", async () => {
    const dir = tempDir();
    const store = tempStore(dir);
    file(store, verdicts, inOrder(verdicts));
    store.close();
    const shown = await runMain(['matches', 'show', INFO.matchId, '--db', join(dir, 'matches.db')]);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('game 1: white Ada, black Bo; not finished; 3 moves, 2 fouls, 0 crashes');
    expect(shown.out).toContain('  takeback to ply 1: black g6-g5 taken back (the foul by white withdrawn); black to move');
  });
});
