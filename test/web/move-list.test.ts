// The dashboard's move list (src/web/page/move-list.ts): a takeback takes its moves off the list.
import { describe, expect, it } from 'vitest';
import { computerMoveState, moveList } from '../../src/web/page/move-list.ts';
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

  it("keeps the computer's move before the move that carried it out, or last while it waits; hints where they were asked", () => {
    const r = new RefereeDriver({ takebackPlies: 2 });
    r.snapshotOf('bbbBbbb/7/7/7/7/wwwWwww w - -');
    r.advise('hint', 'a1-a2');
    r.move('a1-a2');
    r.advise('computer', 'g6-g5');
    r.move('g6-g5');
    r.move('b1-b2');
    r.advise('computer', 'f6-f5');
    const list = moveList(r.verdicts);
    const text = (l: typeof list) => l.map((v) => (v.type === 'game-started' || v.type === 'game-over' ? v.type : `${v.type} ${v.move}`));
    expect(text(list)).toEqual([
      'game-started',
      'hint a1-a2',
      'move a1-a2',
      'computer-move g6-g5',
      'move g6-g5',
      'move b1-b2',
      'computer-move f6-f5',
    ]);
    expect(computerMoveState(list, 3)).toBe('carried-out');
    expect(computerMoveState(list, 6)).toBe('waiting');
    // The person takes b1-b2 back while the computer's move waits: both leave the list.
    r.play('lift b2, place b1');
    expect(text(moveList(r.verdicts)).slice(-2)).toEqual(['computer-move g6-g5', 'move g6-g5']);
    // Then the computer's reply and the person's move together (two plies): the computer's move goes with its move.
    r.play('lift g5, place g6, lift a2, place a1');
    expect(text(moveList(r.verdicts))).toEqual(['game-started', 'hint a1-a2']);
  });
});
