// The dashboard's move list (src/web/page/move-list.ts): a takeback takes its moves off the list.
import { describe, expect, it } from 'vitest';
import { moveList } from '../../src/web/page/move-list.ts';
import { replayFrames } from '../../src/web/page/history.ts';
import { RefereeDriver } from '../referee/senryaku/driver.ts';

describe('the move list as the verdicts leave it', () => {
  it('drops the moves taken back, and goes on with the moves made instead', () => {
    const r = new RefereeDriver({ takebackPlies: 2 });
    r.snapshotOf('bbbBbbb/7/7/7/7/wwwWwww w - -');
    r.move('a1-a2');
    r.move('g6-g5');
    r.move('b1-b2');
    r.move('f6-f5');
    r.play('lift f5, place f6, lift b2, place b1');
    r.move('c1-c2');
    const moves = moveList(r.verdicts).map((v) => (v.type === 'move' ? v.move : v.type));
    expect(moves).toEqual(['game-started', 'a1-a2', 'g6-g5', 'c1-c2']);
    expect(replayFrames(r.verdicts).map((f) => f.label)).toEqual(['Game 1: start', 'white a1-a2', 'black g6-g5', 'white c1-c2']);
  });
});
