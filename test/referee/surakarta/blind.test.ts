// Surakarta with a blind point: the same rulings as Senryaku's (src/referee/blind-moves.ts).
import { describe, expect, it } from 'vitest';
import { SkDriver, snapshotOf } from './driver.ts';

const moves = (r: SkDriver): string[] => r.verdicts.flatMap((v) => (v.type === 'move' ? [v.move] : []));

describe('Surakarta: a failed load cell', () => {
  it('is said, named in the snapshot, and cleared', () => {
    const r = SkDriver.playing();
    expect(r.sensor('c4', 'start')).toMatchObject([
      { type: 'sensor-fault', well: 'c4', blind: true, message: expect.stringContaining('other points') as string },
    ]);
    expect(snapshotOf(r.state).sensors.blind).toEqual(['c4']);
    expect(r.sensor('c4', 'end')).toMatchObject([{ type: 'sensor-cleared', well: 'c4' }]);
    expect(snapshotOf(r.state).sensors.blind).toEqual([]);
  });

  it('a piece lifted whose one blind destination it went to: taken when the other side lifts next', () => {
    const r = SkDriver.playing();
    r.sensor('a3', 'start');
    expect(r.lift('a2').map((v) => v.type)).toEqual(['lifted', 'notice']);
    const next = r.lift('a5');
    expect(next.map((v) => v.type)).toEqual(['notice', 'move', 'lifted']);
    r.place('a4');
    expect(moves(r)).toEqual(['a2-a3', 'a5-a4']);
    expect(r.types()).not.toContain('foul');
  });

  it('a piece set down with none in hand came from the one blind point that can reach it', () => {
    const r = SkDriver.playing();
    r.sensor('a2', 'start');
    expect(r.place('a3').map((v) => v.type)).toEqual(['notice', 'lifted', 'move']);
    expect(moves(r)).toEqual(['a2-a3']);
  });

  it('two blind points that could explain it: the operator is asked, and the answer settles the move', () => {
    const r = SkDriver.playing();
    r.sensor('a2', 'start');
    r.sensor('b2', 'start');
    expect(r.place('a3')).toMatchObject([{ type: 'notice', message: expect.stringContaining('blind a2 empty') as string }]);
    expect(r.blind('b2', 'empty')).toMatchObject([{ type: 'move', side: 'light', move: 'b2-a3' }]);
    expect(r.types()).not.toContain('foul');
  });
});
