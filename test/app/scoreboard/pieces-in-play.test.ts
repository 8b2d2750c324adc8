// A game whose scoring board shows pieces in play (Surakarta): the digits show each player's
// match points and the pieces its side has on the board, updated by every position.
import { describe, expect, it } from 'vitest';
import { composeFrame, initialScoreboard, reduceScoreboard } from '../../../src/app/scoreboard/index.ts';
import { digitText, ledImage } from '../../../src/hardware/scoreboard/max7219-layout.ts';
import { textPicture } from '../../../src/hardware/scoreboard/text-picture.ts';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import { SURAKARTA } from '../../../src/games/surakarta/index.ts';

const count = SURAKARTA.piecesInPlay!;
const game2: Verdict[] = [
  // Game 2: the players have swapped sides (B plays Light).
  { type: 'game-started', game: 2, players: { light: 'B', dark: 'A' }, position: 'oooooo/oooooo/6/6/xxxxxx/xxxxxx x', atMs: 0 },
  { type: 'move', side: 'light', move: 'b2-b3', position: 'oooooo/oooooo/6/1x4/x1xxxx/xxxxxx o', atMs: 1 },
  { type: 'move', side: 'dark', move: 'e5xb3', position: 'oooooo/oooo1o/6/1o4/x1xxxx/xxxxxx x', atMs: 2 },
];

describe('the scoring board of a game that counts pieces in play', () => {
  it("shows each player's pieces in play in place of games won, by the side each plays", () => {
    const s = game2.reduce((st, v) => reduceScoreboard(st, v, count), initialScoreboard(13));
    expect(s.inPlay).toEqual({ A: 12, B: 11 });
    const frame = composeFrame(s, { markers: { A: 0, B: 13 }, blinkOn: false });
    expect(frame.counts).toBe('pieces');
    expect(frame.digits).toEqual({ A: { points: 0, count: 12 }, B: { points: 0, count: 11 } });
    expect(ledImage(frame).digits).toEqual({ A: 'P  0C 12', B: 'P  0C 11' });
    expect(textPicture(frame).at(-1)).toMatch(/A P 0 in play 12 \| B P 0 in play 11/);
  });

  it('shows games won for a game without a count (Senryaku), as before', () => {
    const s = game2.reduce((st, v) => reduceScoreboard(st, v), initialScoreboard(6));
    expect(s.inPlay).toBeUndefined();
    expect(composeFrame(s, { markers: { A: 0, B: 6 }, blinkOn: false }).counts).toBe('games');
    expect(digitText(3, 1)).toBe('P  3G  1');
  });
});
