// Senryaku with a blind well: a failed load cell is said, kept in the snapshot, and the
// referee goes on; a move through the blind well is taken where the rules leave only one.
import { describe, expect, it } from 'vitest';
import { RefereeDriver, snapshotOf } from './driver.ts';

const START = 'bbbBbbb/7/7/7/7/wwwWwww w - -';

describe('Senryaku: a failed load cell', () => {
  it('is said when it fails and when it works again, and the snapshot names the blind well meanwhile', () => {
    const r = RefereeDriver.playing();
    expect(r.sensor('c4', 'start')).toMatchObject([
      { type: 'sensor-fault', fault: 'dead', cell: 23, well: 'c4', blind: true, message: expect.stringContaining('c4 is blind') as string },
    ]);
    expect(snapshotOf(r.state).sensors).toEqual({
      blind: ['c4'],
      faults: [expect.objectContaining({ well: 'c4', fault: 'dead', blind: true })],
    });
    expect(r.sensor('c4', 'start')).toEqual([]); // sensed again (a reboot): already known
    expect(r.sensor('c4', 'end')).toMatchObject([
      { type: 'sensor-cleared', fault: 'dead', well: 'c4', message: expect.stringContaining('c4 is seen again') as string },
    ]);
    expect(snapshotOf(r.state).sensors).toEqual({ blind: [], faults: [] });
  });

  it('a drifted cell is said but leaves its well seen', () => {
    const r = RefereeDriver.playing();
    const [v] = r.send({ type: 'sensor', phase: 'start', fault: 'drifted', cell: 3, well: 3, offsetG: 31.4, atMs: 100 });
    expect(v).toMatchObject({
      type: 'sensor-fault',
      fault: 'drifted',
      well: 'd1',
      blind: false,
      message: expect.stringContaining('31 g') as string,
    });
    expect(snapshotOf(r.state).sensors.blind).toEqual([]);
  });

  it('the game goes on with the other wells', () => {
    const r = RefereeDriver.playing();
    r.sensor('d4', 'start');
    r.move('a1-a2');
    r.move('a6-a5');
    expect(r.verdicts.filter((v) => v.type === 'move').map((v) => v.type === 'move' && v.move)).toEqual(['a1-a2', 'a6-a5']);
    expect(r.types()).not.toContain('foul');
  });

  it('a sphere lifted whose one blind destination it went to: taken when the other side lifts next', () => {
    const r = RefereeDriver.playing();
    r.sensor('a2', 'start');
    const lifted = r.lift('a1');
    expect(lifted.map((v) => v.type)).toEqual(['lifted', 'notice']);
    expect(lifted[1]).toMatchObject({ message: expect.stringContaining('a2 is blind') as string });
    // Set down on a2, unseen; black starts its turn.
    const next = r.lift('a6');
    expect(next.map((v) => v.type)).toEqual(['notice', 'move', 'lifted']);
    expect(next[1]).toMatchObject({ side: 'white', move: 'a1-a2' });
    expect(next[2]).toMatchObject({ side: 'black', well: 'a6' });
    r.place('a5');
    expect(r.verdicts.filter((v) => v.type === 'move').map((v) => v.type === 'move' && v.move)).toEqual(['a1-a2', 'a6-a5']);
    expect(r.types()).not.toContain('foul');
  });

  it('a capture into a blind well is taken when the other side lifts next, and wins', () => {
    const r = RefereeDriver.playing('b6/7/2B4/2w4/7/3W3 w - -');
    r.sensor('c4', 'start');
    r.lift('c3');
    const out = [...r.lift('a6'), ...r.tick(r.state.settings.placementGraceMs + 50)];
    expect(out.map((v) => v.type)).toEqual(['notice', 'capture-started', 'move', 'game-over']);
    expect(out[2]).toMatchObject({ side: 'white', move: 'c3xc4' });
    expect(out[3]).toMatchObject({ winner: 'white', reason: 'capture' });
  });

  it('nothing seen at all, then the other side lifts: the one legal move between blind wells', () => {
    const r = RefereeDriver.playing();
    r.sensor('a1', 'start');
    r.sensor('a2', 'start');
    const out = r.lift('a6');
    expect(out.map((v) => v.type)).toEqual(['notice', 'lifted', 'move', 'lifted']);
    expect(out[2]).toMatchObject({ side: 'white', move: 'a1-a2' });
    expect(out[3]).toMatchObject({ side: 'black', well: 'a6' });
  });

  it('a sphere set down with none in hand came from the blind well whose sphere can go there', () => {
    const r = RefereeDriver.playing();
    r.sensor('a1', 'start');
    // a1's sphere is lifted unseen and set down on a2 (b1's could go there too, but b1 is seen and still full).
    const out = r.place('a2');
    expect(out.map((v) => v.type)).toEqual(['notice', 'lifted', 'move']);
    expect(out[0]).toMatchObject({ message: expect.stringContaining('blind a1') as string });
    expect(out[2]).toMatchObject({ side: 'white', move: 'a1-a2' });
    expect(r.types()).not.toContain('foul');
  });

  it('two blind wells that could explain a placement: the operator is asked, and the answer settles the move', () => {
    const r = RefereeDriver.playing();
    r.sensor('a1', 'start');
    r.sensor('b1', 'start');
    const out = r.place('a2');
    expect(out).toMatchObject([{ type: 'notice', message: expect.stringContaining("'blind a1 empty'") as string }]);
    expect(r.blind('b1', 'empty')).toMatchObject([{ type: 'move', side: 'white', move: 'b1-a2' }]);
    expect(r.types()).not.toContain('foul');
  });

  it('once its cell works again, the well catching up with what was inferred is no new change', () => {
    const r = RefereeDriver.playing();
    r.sensor('a2', 'start');
    r.lift('a1');
    r.lift('a6');
    r.place('a5');
    r.sensor('a2', 'end');
    expect(r.place('a2', 60)).toEqual([]); // sensing sees the sphere the referee already has there
    r.move('b1-b2');
    expect(r.types()).not.toContain('foul');
    expect(snapshotOf(r.state).position).toBe('1bbBbbb/b6/7/7/ww5/2wWwww b b2 a5');
  });

  it('the operator may say what a blind well holds; a well that sees refuses it', () => {
    const r = RefereeDriver.playing(START);
    expect(r.blind('c4', 'empty')).toMatchObject([{ type: 'notice', message: expect.stringContaining('c4 is not blind') as string }]);
    r.sensor('c4', 'start');
    expect(r.blind('c4', 'empty')).toMatchObject([{ type: 'notice', message: expect.stringContaining('as the referee had it') as string }]);
  });

  it('after a reconnect, a blind well keeps what the referee had there', () => {
    const r = RefereeDriver.playing();
    r.sensor('a1', 'start');
    // The snapshot cannot see a1: it is not "missing".
    const occupied = [1, 2, 3, 4, 5, 6, 35, 36, 37, 38, 39, 40, 41];
    const out = r.send({ type: 'snapshot', occupied, blind: [0], atMs: 5000 });
    expect(out.map((v) => v.type)).not.toContain('resync-needed');
  });
});
