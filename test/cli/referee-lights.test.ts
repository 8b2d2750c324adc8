// The well LEDs of `senryaku referee`: lit in every session by default, the destinations by
// the match's policy (on for casual play, off under the tournament policy) unless
// --destinations says otherwise, and nothing with --lights off. Read from the journal, which
// keeps every command the host sent.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJournal } from '../../src/journal/journal.ts';
import { LIGHT_COLOURS } from '../../src/presentation/lights/colours.ts';
import { isLedLine, playLedLines } from '../support/lit-wells.ts';
import { runMain } from './run-main.ts';

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
});

const calibrationDir = mkdtempSync(join(tmpdir(), 'senryaku-lights-cal-'));
const hex = (rgb: number): string => rgb.toString(16).toUpperCase().padStart(6, '0');

/** One autoplayed game at --speed max: the LED command lines its journal holds. */
async function ledLinesOf(...flags: string[]): Promise<string[]> {
  const journalDir = mkdtempSync(join(tmpdir(), 'senryaku-lights-journal-'));
  const { code, err } = await runMain([
    'referee',
    '--sim',
    '--autoplay',
    '--speed',
    'max',
    '--games',
    '1',
    '--http',
    'off',
    '--mqtt-listen',
    'off',
    '--db',
    'off',
    '--scoreboard',
    'none',
    '--journal-dir',
    journalDir,
    '--calibration-dir',
    calibrationDir,
    ...flags,
  ]);
  expect(code, err.join('\n')).toBe(0);
  const [name, ...more] = readdirSync(journalDir);
  expect(more).toEqual([]);
  const journal = readJournal(join(journalDir, name ?? 'none'));
  if (!journal.ok) throw new Error(journal.error.message);
  return journal.value.records.flatMap((r) => (r.kind === 'line' && r.dir === 'out' && isLedLine(r.line) ? [r.line] : []));
}

const lights = (lines: readonly string[], role: keyof typeof LIGHT_COLOURS): number =>
  lines.filter((l) => l.includes(` ${hex(LIGHT_COLOURS[role])}*`)).length;

describe('senryaku referee: the well LEDs', { timeout: 120_000 }, () => {
  it('casual play: the piece in hand, its destinations, the last move; all out when the run stops', async () => {
    const lines = await ledLinesOf();
    expect(lights(lines, 'destination')).toBeGreaterThan(0);
    expect(lights(lines, 'lift')).toBeGreaterThan(0);
    expect(lights(lines, 'last-move')).toBeGreaterThan(0);
    expect(playLedLines(lines, 42).every((rgb) => rgb === 0)).toBe(true);
  });

  it('the tournament policy: no destinations, the last move still; --destinations on puts them back', async () => {
    const tournament = await ledLinesOf('--policy', 'tournament');
    expect(lights(tournament, 'last-move')).toBeGreaterThan(0);
    expect(lights(tournament, 'destination') + lights(tournament, 'lift')).toBe(0);
    const asked = await ledLinesOf('--policy', 'tournament', '--destinations', 'on');
    expect(lights(asked, 'destination')).toBeGreaterThan(0);
  });

  it('--lights off: no LED command at all', async () => {
    expect(await ledLinesOf('--lights', 'off')).toEqual([]);
  });
});
