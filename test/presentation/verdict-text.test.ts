// The terminal's line for an attributed holding (src/presentation/verdict-text.ts).
import { describe, expect, it } from 'vitest';
import { verdictText } from '../../src/presentation/verdict-text.ts';
import { placementReason } from '../../src/referee/foul-words.ts';
import { FOUL_CODES, type Verdict } from '../../src/referee/verdicts.ts';
import { SENRYAKU_WORDS, SURAKARTA_WORDS } from '../../src/rulesets/words.ts';
import { RefereeDriver } from '../referee/senryaku/driver.ts';

describe('verdict text: an attributed holding', () => {
  it('says the game, the attribution and the score it is back to', () => {
    const r = RefereeDriver.playing();
    r.hold('start');
    r.tick(2100);
    r.verdicts.length = 0;
    r.attribute('black');
    expect(r.verdicts.map((v) => verdictText(v, SENRYAKU_WORDS, { A: 'Ada', B: 'Bo' }))).toEqual([
      "[00:02] Holding in game 1 attributed: black held the board: white's forfeit of game 1 is withdrawn, and black forfeits it instead. Score back to A 0 - B 0",
      '[00:02] FORFEIT (holding): the operator attributes the holding to black: Black loses',
      '[00:02] Game 1 over: White (Ada (A)) wins by holding, 1 point. Score A 1 - B 0',
    ]);
  });
});

describe("verdict text: restore steps in the game's words", () => {
  const foul = (sphere: string): Verdict => ({
    atMs: 61_000,
    type: 'foul',
    code: 'IllegalPlacement',
    side: 'white',
    message: 'that is not a legal move',
    restore: [
      { action: 'move-back', well: 'c3', from: 'd4', sphere },
      { action: 'put-back', well: 'a1' },
    ],
    count: 1,
  });

  it('Senryaku moves spheres back to wells, Surakarta pieces', () => {
    expect(verdictText(foul('W'), SENRYAKU_WORDS)).toBe(
      "[01:01] FOUL by White (1st this game, illegal placement): that is not a legal move. To restore: move the 'W' sphere from d4 back to c3; put the sphere back on a1.",
    );
    expect(verdictText(foul('b'), SURAKARTA_WORDS)).toBe(
      "[01:01] FOUL by White (1st this game, illegal placement): that is not a legal move. To restore: move the 'b' piece from d4 back to c3; put the piece back on a1.",
    );
  });
});

describe('verdict text: a foul in words, never its code', () => {
  it.each(FOUL_CODES.map((code) => [code]))('%s', (code) => {
    const v: Verdict = { atMs: 0, type: 'foul', code, side: 'black', message: 'why', restore: [], count: 2 };
    for (const words of [SENRYAKU_WORDS, SURAKARTA_WORDS]) {
      const text = verdictText(v, words);
      expect(text).toMatch(/^\[00:00\] FOUL by Black \(2nd this game, [a-z][a-z' ]+\): why\.$/);
      expect(text).not.toContain(code);
    }
  });

  it('an illegal placement names its move once', () => {
    expect(placementReason('c1', 'c4', 'c1 to c4 is not one well forward')).toBe('c1 to c4 is not one well forward');
    expect(placementReason('c1', 'c2', 'c2 is occupied')).toBe('c1 to c2: c2 is occupied');
  });
});

describe('verdict text: a takeback', () => {
  it('names the moves taken back, in the order they were made, the foul withdrawn, and who is to move', () => {
    // Two plies go back together where the last was the computer's move, carried out.
    const r = RefereeDriver.playing(undefined, { takebackPlies: 2 });
    r.move('a1-a2');
    r.advise('computer', 'g6-g5');
    r.move('g6-g5');
    r.play('lift g5, place g6, lift a2, place a1');
    expect(verdictText(r.last('takeback')!, SENRYAKU_WORDS)).toBe(
      '[00:02] Takeback: White a1-a2, Black g6-g5 taken back (the foul by White withdrawn); White to move   bbbBbbb/7/7/7/7/wwwWwww w - -',
    );
  });
});
