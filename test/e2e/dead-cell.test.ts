// A load cell dies mid-game on the simulated board: the referee says so where people look
// (the verdicts, hence the journal, `senryaku replay`, the MQTT state and the dashboard),
// goes on refereeing the other wells, and takes the moves into and out of the blind wells
// that the rules leave only one explanation for.
import { describe, expect, it } from 'vitest';
import { readJournal } from '../../src/journal/journal.ts';
import { replayJournal } from '../../src/journal/replay.ts';
import { replayCommand } from '../../src/cli/commands/replay.ts';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import { payloadProblems } from '../support/mqtt-schemas.ts';
import { useE2E } from './harness.ts';

const e2e = useE2E();

// Seed 7's cells under c1 and g2 read the ADC's zero as 21 g below nothing: dead, they are seen to be.
const C1 = 2;
const G2 = 13;

describe('end to end: a dead load cell', { timeout: 120_000 }, () => {
  it('is said, recorded and published; the game goes on and moves through the blind wells are inferred', async () => {
    const s = await e2e.game();
    s.sim.setCellFault(C1, { kind: 'dead' });
    s.sim.setCellFault(G2, { kind: 'dead' });
    expect(await s.next('sensor-fault')).toMatchObject({ fault: 'dead', well: 'c1', blind: true });
    expect(await s.next('sensor-fault')).toMatchObject({ fault: 'dead', well: 'g2', blind: true });
    // The MQTT state and the dashboard's snapshot are the app's snapshot: both wells blind.
    const state = s.app.snapshot()!;
    expect(state.sensors.blind).toEqual(['c1', 'g2']);
    expect(payloadProblems('state', JSON.stringify(state))).toEqual([]);

    // Out of a blind well: c1's sphere lifted unseen, set down on c2.
    s.act(act().lift('c1', { afterMs: 300 }).place('c2', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'white', move: 'c1-c2' });
    s.act(act().lift('a6', { afterMs: 300 }).place('a5', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'black', move: 'a6-a5' });
    // Into one: g1's sphere set down on g2 unseen, taken when black starts its turn.
    s.act(act().lift('g1', { afterMs: 300 }).place('g2', { afterMs: 500 }).lift('b6', { afterMs: 1500 }).place('b5', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'white', move: 'g1-g2' });
    expect(await s.next('move')).toMatchObject({ side: 'black', move: 'b6-b5' });

    // The cells work again: g2 now reads the sphere the referee already had there, and play goes on.
    s.sim.setCellFault(C1, undefined);
    s.sim.setCellFault(G2, undefined);
    await s.until('sensor-cleared', (v) => v.well === 'g2');
    await s.until('sensor-cleared', (v) => v.well === 'c1');
    expect(s.app.snapshot()!.sensors).toEqual({ blind: [], faults: [] });
    s.act(act().lift('e1', { afterMs: 300 }).place('e2', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'white', move: 'e1-e2' });
    expect(s.types()).not.toContain('foul');
    expect(s.types()).not.toContain('resync-needed');

    // The journal has it all, and a replay of it gives the same verdicts, faults included.
    const journalPath = s.app.journalPath;
    await s.stop();
    const journal = readJournal(journalPath);
    if (!journal.ok) throw new Error(journal.error.message);
    const recorded = journal.value.records.flatMap((r) => (r.kind === 'verdict' ? [r.verdict] : []));
    expect(recorded.filter((v) => v.type === 'sensor-fault' || v.type === 'sensor-cleared')).toHaveLength(4);
    const replayed = replayJournal(journal.value);
    expect(replayed.ok && replayed.value.mismatch).toBeUndefined();
    const out: string[] = [];
    const code = replayCommand([journalPath], { out: (l) => out.push(l), err: (l) => out.push(l) });
    expect(code).toBe(0);
    expect(out.filter((l) => l.includes('SENSOR FAULT: the load cell under'))).toHaveLength(2);
    expect(out.some((l) => l.includes('Sensor back: the load cell under g2 works again'))).toBe(true);
  });

  it('a cell that works again across a reboot is said cleared once the new boot has looked at the board', async () => {
    const s = await e2e.game();
    s.sim.setCellFault(G2, { kind: 'dead' });
    expect(await s.next('sensor-fault')).toMatchObject({ well: 'g2' });
    // The board reboots and the cell is back: the fresh sensing never sees it fail.
    s.sim.reboot();
    s.sim.setCellFault(G2, undefined);
    expect(await s.next('sensor-cleared')).toMatchObject({ well: 'g2', fault: 'dead' });
    expect(s.app.snapshot()!.sensors.blind).toEqual([]);
    s.act(act().lift('g1', { afterMs: 300 }).place('g2', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'white', move: 'g1-g2' });
    expect(s.types()).not.toContain('foul');
  });
});
