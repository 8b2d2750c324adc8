// The board's well LEDs, lit by the referee through the whole stack: the simulated board's
// firmware shows them (its `leds`), set by the host's LED commands over the serial link, each
// of which the match's journal keeps.
import { describe, expect, it } from 'vitest';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import { readJournal } from '../../src/journal/journal.ts';
import { REFERENCE_HARDWARE } from '../../src/hardware/sim/cell-map.ts';
import { isLedLine, litWells, playLedLines } from '../support/lit-wells.ts';
import { useE2E, type Session } from './harness.ts';

const e2e = useE2E();
const CASUAL = { lights: { destinations: true } };

/** The wells the simulated board's LEDs light now. */
const lit = (s: Session): string[] => litWells(s.sim.firmware.leds, REFERENCE_HARDWARE);

/** Runs simulated time until the board's LEDs show `wanted` (every wait bounded). */
async function shows(s: Session, wanted: readonly string[], maxMs = 10_000): Promise<void> {
  for (let t = 0; t < maxMs && JSON.stringify(lit(s)) !== JSON.stringify(wanted); t += 50) await s.run(50);
  expect(lit(s)).toEqual(wanted);
}

/** Every LED command the host sent, as the link wrote it; and those the match's journal holds. */
function ledLines(s: Session): { sent: string[]; journaled: () => string[] } {
  const sent: string[] = [];
  s.link.on('line', (l) => (l.direction === 'out' && isLedLine(l.line) ? sent.push(l.line) : undefined));
  const journaled = (): string[] => {
    const j = readJournal(s.app.journalPath);
    if (!j.ok) throw new Error(j.error.message);
    return j.value.records.flatMap((r) => (r.kind === 'line' && r.dir === 'out' && isLedLine(r.line) ? [r.line] : []));
  };
  return { sent, journaled };
}

describe('end to end: the well LEDs', { timeout: 60_000 }, () => {
  it('a lift lights its destinations; a foul the wells to restore, dark one by one; a move its wells; the journal keeps every command', async () => {
    const s = await e2e.game(undefined, {}, CASUAL);
    const lines = ledLines(s);
    await shows(s, []);
    // A sphere rolled instead of lifted: the well it left to fill, the well it is on to empty, each dark once done.
    s.act(act().roll('g1', 'g2', { afterMs: 300 }));
    expect(await s.next('foul')).toMatchObject({ code: 'Rolled', restore: [{ action: 'move-back', from: 'g2', well: 'g1' }] });
    await shows(s, ['g1:restore', 'g2:remove']);
    s.act(act().lift('g2', { afterMs: 300 }));
    await shows(s, ['g1:restore']);
    s.act(act().place('g1', { afterMs: 300 }));
    await s.next('restored');
    await shows(s, []);

    s.act(act().lift('e1', { afterMs: 300 }));
    expect(await s.next('lifted')).toMatchObject({ well: 'e1', destinations: ['e2', 'd2', 'f2'] });
    const inHand = ['d2:destination', 'e1:lift', 'e2:destination', 'f2:destination'];
    await shows(s, inHand);
    // Set down two wells forward: a foul, and only the two wells to put right; lifted again, it is in hand again.
    s.act(act().place('e3', { afterMs: 300 }));
    expect(await s.next('foul')).toMatchObject({ code: 'IllegalPlacement', restore: [{ action: 'move-back', from: 'e3', well: 'e1' }] });
    await shows(s, ['e1:restore', 'e3:remove']);
    s.act(act().lift('e3', { afterMs: 300 }));
    await s.next('restored');
    await shows(s, inHand);

    // The move, and black's lift after it.
    s.act(act().place('e2', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ move: 'e1-e2' });
    await shows(s, ['e1:last-move', 'e2:last-move']);
    s.act(act().lift('g6', { afterMs: 300 }));
    await s.next('lifted');
    await shows(s, ['f5:destination', 'g5:destination', 'g6:lift']);
    // What the host sent, played on a dark strip, is what the board shows.
    expect(playLedLines(lines.sent, 42)).toEqual(Array.from(s.sim.firmware.leds));

    await s.stop();
    expect(lit(s)).toEqual([]);
    expect(lines.sent.length).toBeGreaterThan(5);
    // Every LED command the host sent is in the journal, in order (the match's first, all out, was sent
    // before this test listened), the last one putting the board out as the match stopped.
    const journaled = lines.journaled();
    expect(journaled.slice(1)).toEqual(lines.sent);
    expect(journaled[0]).toMatch(/^LEDCLR /);
    expect(journaled.at(-1)).toMatch(/^LEDCLR /);
  });

  it('the tournament setting lights no destinations; the last move still shows', async () => {
    const s = await e2e.game(undefined, { policy: 'tournament' }, { lights: { destinations: false } });
    s.act(act().lift('e1', { afterMs: 300 }));
    await s.next('lifted');
    await s.run(1_000);
    expect(lit(s)).toEqual([]);
    s.act(act().place('e2', { afterMs: 300 }));
    await s.next('move');
    await shows(s, ['e1:last-move', 'e2:last-move']);
  });

  it('a crash flashes every well, on and off, in the crash colour', async () => {
    // Every black sphere stands on rank 6 of a lopsided board: lifting any tips it toward White.
    const s = await e2e.game('bb1B3/7/7/7/7/wwwW3 b - -', {}, CASUAL);
    const lines = ledLines(s);
    s.act(act().lift('d6', { afterMs: 300 }));
    await s.next('board-tipped');
    const all = REFERENCE_HARDWARE.cells.points.length;
    const seen = new Set<string>();
    for (let t = 0; t < 2_000; t += 50) {
      const now = lit(s);
      seen.add(now.length === all && now.every((w) => w.endsWith(':crash')) ? 'all-crash' : now.length === 0 ? 'dark' : 'other');
      await s.run(50);
    }
    expect([...seen].sort()).toEqual(['all-crash', 'dark']);
    expect(lines.sent.filter((l) => l.startsWith('LEDALL ')).length).toBeGreaterThanOrEqual(3);
  });
});
