// The terminal's line for an attributed holding (src/app/verdict-text.ts).
import { describe, expect, it } from 'vitest';
import { verdictText } from '../../src/app/verdict-text.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { SENRYAKU_WORDS, SURAKARTA_WORDS } from '../../src/rulesets/words.ts';
import { RefereeDriver } from '../referee/driver.ts';

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
      "[01:01] FOUL by White (1st this game, IllegalPlacement): that is not a legal move. To restore: move the 'W' sphere from d4 back to c3; put the sphere back on a1.",
    );
    expect(verdictText(foul('b'), SURAKARTA_WORDS)).toBe(
      "[01:01] FOUL by White (1st this game, IllegalPlacement): that is not a legal move. To restore: move the 'b' piece from d4 back to c3; put the piece back on a1.",
    );
  });
});
