// Surakarta: a load cell dies mid-game on the simulated board. The fault is said and
// replayed, the game goes on, and the moves out of and into the blind point are inferred.
import { describe, expect, it } from 'vitest';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import { useSurakartaE2E } from './surakarta-harness.ts';

const e2e = useSurakartaE2E();
const step = (from: string, to: string) => act().lift(from, { afterMs: 300 }).place(to, { afterMs: 500 });
/** Seed 11's cell under b2 reads the ADC's zero as 25 g below nothing: dead, it is seen to be. */
const B2 = 7;

describe('end to end (Surakarta): a dead load cell', () => {
  it('is said and replayed; the moves out of and into the blind point are inferred, and play goes on', async () => {
    const s = await e2e.game();
    s.sim.setCellFault(B2, { kind: 'dead' });
    expect(await s.next('sensor-fault')).toMatchObject({ fault: 'dead', well: 'b2', blind: true });
    s.act(step('b2', 'b3')); // out of it: the lift unseen
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'b2-b3' });
    s.act(step('a5', 'a4'));
    expect(await s.next('move')).toMatchObject({ side: 'dark', move: 'a5-a4' });
    // Into it: the placement unseen, taken when dark lifts.
    s.act(step('a1', 'b2').lift('f5', { afterMs: 1500 }).place('f4', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'a1-b2' });
    expect(await s.next('move')).toMatchObject({ side: 'dark', move: 'f5-f4' });
    s.sim.setCellFault(B2, undefined);
    expect(await s.next('sensor-cleared')).toMatchObject({ well: 'b2' });
    s.act(step('b2', 'a1'));
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'b2-a1' });
    expect(s.types()).not.toContain('foul');
    const replayed = await s.replay();
    expect(replayed.mismatch).toBeUndefined();
    expect(replayed.verdicts).toEqual(s.verdicts);
  });
});
