// The referee's snapshot: what a late-joining client is told about the match at any moment.
import { describe, expect, it } from 'vitest';
import { RefereeDriver, snapshotOf } from './driver.ts';

describe('referee snapshot', () => {
  it('follows the game: position and side to move after each move, the score after a game', () => {
    const r = RefereeDriver.playing();
    expect(snapshotOf(r.state)).toMatchObject({
      phase: 'play',
      game: 1,
      position: 'bbbBbbb/7/7/7/7/wwwWwww w - -',
      turn: 'white',
      players: { white: 'A', black: 'B' },
      score: { points: { A: 0, B: 0 }, games: { A: 0, B: 0 }, trackLength: 6 },
      fouls: { white: 0, black: 0 },
    });
    r.lift('a1');
    r.place('a2');
    expect(snapshotOf(r.state)).toMatchObject({ position: 'bbbBbbb/7/7/7/w6/1wwWwww b a2 -', turn: 'black' });
    expect(snapshotOf(r.state).pendingFoul).toBeUndefined();
  });

  it('a foul that stands is in it, with how to put the board right', () => {
    const r = RefereeDriver.playing();
    r.lift('a6');
    expect(snapshotOf(r.state)).toMatchObject({
      phase: 'foul',
      fouls: { white: 1, black: 0 },
      pendingFoul: { code: 'NotYourSphere', side: 'white', restore: [{ action: 'put-back', well: 'a6' }] },
    });
    r.place('a6');
    expect(snapshotOf(r.state)).toMatchObject({ phase: 'play' });
    expect(snapshotOf(r.state).pendingFoul).toBeUndefined();
  });
});
