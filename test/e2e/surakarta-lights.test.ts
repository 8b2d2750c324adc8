// The well LEDs in Surakarta, through the whole stack on the simulated Surakarta board (fitted
// with its 36 LEDs, which the built board leaves out): a foul's points to put right, dark one by
// one; destinations; the last move. A board without LEDs is said once and sent nothing.
import { describe, expect, it } from 'vitest';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import { readJournal } from '../../src/journal/journal.ts';
import { isLedLine, litWells } from '../support/lit-wells.ts';
import { useSurakartaE2E, type SkSession } from './surakarta-harness.ts';

const e2e = useSurakartaE2E();
const CASUAL = { lights: { destinations: true }, simLeds: 36 };
/** b2 can capture nothing on b4: straight up the b file goes round no loop. */
const NO_LOOP = '6/6/1o4/6/1x4/1x2x1 x';

const lit = (s: SkSession): string[] => litWells(s.sim.firmware.leds, s.hardware);

async function shows(s: SkSession, wanted: readonly string[], maxMs = 10_000): Promise<void> {
  for (let t = 0; t < maxMs && JSON.stringify(lit(s)) !== JSON.stringify(wanted); t += 50) await s.run(50);
  expect(lit(s)).toEqual(wanted);
}

describe('end to end (Surakarta): the well LEDs', () => {
  it('a slid piece: the point it left to fill and the point it is on to empty, dark one by one; then a lift and a move', async () => {
    const s = await e2e.game(CASUAL);
    await shows(s, []);
    s.act(act().roll('b2', 'c3', { afterMs: 300, durationMs: 300, pauseMs: 300 }));
    expect(await s.next('foul')).toMatchObject({ code: 'Rolled', restore: [{ action: 'move-back', from: 'c3', well: 'b2' }] });
    await shows(s, ['b2:restore', 'c3:remove']);
    s.act(act().lift('c3', { afterMs: 300 }));
    await shows(s, ['b2:restore']);
    s.act(act().place('b2', { afterMs: 300 }));
    await s.next('restored');
    await shows(s, []);

    s.act(act().lift('e2', { afterMs: 300 }));
    expect(await s.next('lifted')).toMatchObject({ well: 'e2', destinations: ['d3', 'e3', 'f3'] });
    await shows(s, ['d3:destination', 'e2:lift', 'e3:destination', 'f3:destination']);
    s.act(act().place('e3', { afterMs: 300 }));
    expect(await s.next('move')).toMatchObject({ move: 'e2-e3' });
    await shows(s, ['e2:last-move', 'e3:last-move']);
  });

  it('a capture that is not legal: both pieces to put back lit; each set back goes dark', async () => {
    const s = await e2e.game({ ...CASUAL, firstPosition: NO_LOOP });
    s.act(act().lift('b2', { afterMs: 300 }).lift('b4', { afterMs: 500 }));
    expect(await s.next('foul')).toMatchObject({ code: 'IllegalCaptureLift' });
    await shows(s, ['b2:restore', 'b4:restore']);
    s.act(act().place('b4', { afterMs: 800, kind: 'o' }));
    // b4 back: b2 is in hand again (the move goes on with it), lit with where it may go.
    await s.next('restored');
    expect(await s.next('lifted')).toMatchObject({ well: 'b2' });
    expect(lit(s).filter((w) => w.startsWith('b4'))).toEqual([]);
    expect(lit(s)).toContain('b2:lift');
  });

  it('the built board, without LEDs: said once, and no LED command sent', async () => {
    const s = await e2e.game({ lights: { destinations: true } });
    s.act(act().lift('a6', { afterMs: 300 }).place('a6', { afterMs: 800 }));
    await s.next('foul');
    await s.next('restored');
    s.act(act().lift('e2', { afterMs: 300 }).place('e3', { afterMs: 500 }));
    await s.next('move');
    await s.stop();
    expect(s.notices.filter((n) => n.includes('LEDs'))).toEqual(['the board has no well LEDs: the referee shows no lights on it']);
    const journal = readJournal(s.app.journalPath);
    if (!journal.ok) throw new Error(journal.error.message);
    const out = journal.value.records.flatMap((r) => (r.kind === 'line' && r.dir === 'out' ? [r.line] : []));
    expect(out.length).toBeGreaterThan(0);
    expect(out.filter(isLedLine)).toEqual([]);
  });
});
