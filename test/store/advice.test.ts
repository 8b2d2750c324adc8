// The computer's moves and hints in the match store: among the game's events (read from the
// verdicts), hints counted per player for the match, comments in SGN that read back to the same
// bytes, and lines of `matches show`.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { exportMatch, importMatch, parseSgn, type MatchStore } from '../../src/store/index.ts';
import { runMain } from '../cli/run-main.ts';
import { RefereeDriver } from '../referee/senryaku/driver.ts';
import { INFO } from './fixtures.ts';
import { tempDir, tempStore } from './helpers.ts';

const START = 'bbbBbbb/7/7/7/7/wwwWwww w - -';

/** White (A) asks a hint and plays it; the computer plays Black: b1-b2 made instead of its g6-g5 (a foul), then g6-g5; A asks another hint. */
function match(): Verdict[] {
  const r = new RefereeDriver();
  r.snapshotOf(START);
  r.advise('hint', 'a1-a2');
  r.move('a1-a2');
  r.advise('computer', 'g6-g5');
  r.move('f6-f5');
  r.play('lift f5, place f6');
  r.move('g6-g5');
  r.advise('hint', 'b1-b2');
  return r.verdicts;
}

const filed = (verdicts: readonly Verdict[]): MatchStore => {
  const store = tempStore();
  verdicts.forEach((v, i) => store.recordVerdict(INFO, i + 1, v));
  return store;
};

describe("the match store: the computer's moves and hints", () => {
  const verdicts = match();

  it("are among the game's events where they were said, and the match counts each player's hints", () => {
    const store = filed(verdicts);
    const record = store.match(INFO.matchId);
    expect(record?.hints).toEqual({ A: 2, B: 0 });
    expect(record?.games[0]?.events.map((e) => e.kind)).toEqual(['hint', 'move', 'computer-move', 'foul', 'move', 'hint']);
    expect(record?.games[0]?.events[2]).toMatchObject({ kind: 'computer-move', afterPly: 1, side: 'black', move: 'g6-g5' });
    expect(record?.games[0]?.events[5]).toMatchObject({ kind: 'hint', afterPly: 2, side: 'white', player: 'A', move: 'b1-b2', count: 2 });
    store.close();
  });

  it('SGN: comments where they were said; export, import, export gives the same bytes and the same hint counts', () => {
    const store = filed(verdicts);
    const first = exportMatch(store, INFO.matchId, 'sgn');
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.split('\n\n')[1]?.trim().replace(/\n/g, ' ')).toBe(
      "{hint white a1-a2} 1. a1-a2 {computer black g6-g5} {foul black NotTheComputersMove: f6-f5 is not the computer's move: carry out g6-g5} 1... g6-g5 {hint white b1-b2} *",
    );
    const parsed = parseSgn(first.value);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.verdicts.map((v) => v.verdict).filter((v) => v.type === 'hint' || v.type === 'computer-move')).toEqual([
      { type: 'hint', atMs: 0, side: 'white', player: 'A', move: 'a1-a2', count: 1 },
      { type: 'computer-move', atMs: 0, side: 'black', move: 'g6-g5', position: '' },
      { type: 'hint', atMs: 0, side: 'white', player: 'A', move: 'b1-b2', count: 2 },
    ]);
    const again = tempStore();
    expect(importMatch(again, parsed.value).ok).toBe(true);
    const second = exportMatch(again, INFO.matchId, 'sgn');
    expect(second.ok && second.value).toBe(first.value);
    expect(again.match(INFO.matchId)?.hints).toEqual({ A: 2, B: 0 });
    const bad = parseSgn(first.value.replace('{hint white a1-a2}', '{hint dark a1-a2}'));
    expect(bad.ok ? undefined : bad.error).toMatchObject({ code: 'BadComment', message: expect.stringContaining("'dark' is not a side") });
    store.close();
    again.close();
  });

  it('senryaku matches show: the hints per player, and the computer’s moves and hints among the events', async () => {
    const dir = tempDir();
    const store = tempStore(dir);
    verdicts.forEach((v, i) => store.recordVerdict(INFO, i + 1, v));
    store.close();
    const shown = await runMain(['matches', 'show', INFO.matchId, '--db', join(dir, 'matches.db')]);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('hints: A 2, B 0');
    expect(shown.out).toContain('  after ply 1: the computer (black) plays g6-g5');
    expect(shown.out).toContain('  after ply 2: hint for white (A, 2 so far): b1-b2');
  });
});
