// The terminal's line for an attributed holding (src/app/verdict-text.ts).
import { describe, expect, it } from 'vitest';
import { verdictText } from '../../src/app/verdict-text.ts';
import { RefereeDriver } from '../referee/driver.ts';

describe('verdict text: an attributed holding', () => {
  it('says the game, the attribution and the score it is back to', () => {
    const r = RefereeDriver.playing();
    r.hold('start');
    r.tick(2100);
    r.verdicts.length = 0;
    r.attribute('black');
    expect(r.verdicts.map((v) => verdictText(v, { A: 'Ada', B: 'Bo' }))).toEqual([
      "[00:02] Holding in game 1 attributed: black held the board: white's forfeit of game 1 is withdrawn, and black forfeits it instead. Score back to A 0 - B 0",
      '[00:02] FORFEIT (holding): the operator attributes the holding to black: Black loses',
      '[00:02] Game 1 over: White (Ada (A)) wins by holding, 1 point. Score A 1 - B 0',
    ]);
  });
});
