import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sinon from 'sinon';
import { main } from '../../src/cli/main.ts';
import { parseRecording } from '../../src/hardware/link/index.ts';
import { parseBoardLine, parseHostLine } from '../../src/protocol/index.ts';

let clock: sinon.SinonFakeTimers;
// main() loads a command's modules when it runs, and the command the board's once its arguments
// are good; loaded beforehand, they are ready before the fake clock is ticked.
beforeAll(() =>
  Promise.all([
    import('../../src/cli/commands/record.ts'),
    import('../../src/app/open-board.ts'),
    import('../../src/hardware/link/index.ts'),
  ]),
);
beforeEach(() => {
  // setImmediate stays real: the serial stream needs it; the sim, the link and the command use timeouts.
  clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
});
afterEach(() => clock.restore());

async function run(argv: string[], advanceMs = 0) {
  const out: string[] = [];
  const err: string[] = [];
  const done = main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  if (advanceMs > 0) await clock.tickAsync(advanceMs);
  return { code: await done, out, err };
}

describe('senryaku record', () => {
  it('--out in a folder that does not exist yet makes the folder, as the journal directory is made', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'senryaku-rec-')), 'new', 'folder', 'session.rec');
    const r = await run(['record', '--sim', '--seed', '3', '--out', file, '--duration', '0.5'], 1000);
    expect([r.code, r.err.filter((l) => /^senryaku/.test(l))]).toEqual([0, []]);
    expect(parseRecording(readFileSync(file, 'utf8')).ok).toBe(true);
  });

  it('records a simulated board: header with HELLO, commands out, frames in, with times', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'senryaku-rec-')), 'session.jsonl');
    const r = await run(['record', '--sim', '--seed', '3', '--out', file, '--duration', '1.5'], 2000);
    expect(r.err.filter((l) => /failed/.test(l))).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toMatch(/recorded \d+ records to .*session\.jsonl: \d+ lines in, 2 out, \d+ frames, 0 CRC errors/);

    const parsed = parseRecording(readFileSync(file, 'utf8'));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const { header, records } = parsed.value;
    expect(header).toMatchObject({
      format: 'senryaku-recording',
      version: 1,
      source: 'simulated board (seed 3)',
      profile: 'reference-mega-2560',
      baud: 500000,
      rateHz: 80,
    });
    expect(header.hello).toMatch(/^HELLO 0000 1 /);
    const out = records.filter((x) => x.d === 'out').map((x) => (x.d === 'out' ? parseHostLine(x.line) : undefined));
    expect(out.map((c) => c?.ok && c.value.type)).toEqual(['rate', 'start']);
    const frames = records.filter((x) => x.d === 'in' && x.line.startsWith('FRAME '));
    // About 80 frames/s for the ~1.3 s after the boot and handshake.
    expect(frames.length).toBeGreaterThan(80);
    for (const f of frames) if (f.d === 'in') expect(parseBoardLine(f.line, { cellCount: 44 }).ok).toBe(true);
    const times = records.map((x) => x.t);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(records.filter((x) => x.d === 'state').map((x) => x.d === 'state' && x.state)).toEqual(['connecting', 'ready', 'stopped']);
  });

  it('an existing --out is kept unless --force, and is refused before the board is opened', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'senryaku-rec-')), 'session.jsonl');
    writeFileSync(file, 'an earlier recording\n');
    const refused = await run(['record', '--sim', '--out', file, '--duration', '0.5']);
    expect(refused.code).toBe(2);
    expect(refused.err).toEqual([`senryaku record: --out ${file}: it exists; add --force to overwrite it`]);
    expect(readFileSync(file, 'utf8')).toBe('an earlier recording\n');
    const forced = await run(['record', '--sim', '--out', file, '--duration', '0.5', '--force'], 1000);
    expect(forced.code).toBe(0);
    expect(parseRecording(readFileSync(file, 'utf8')).ok).toBe(true);
  });

  it.each([
    [['record', '--sim'], /--out FILE is required/],
    [['record', '--out', 'x'], /exactly one of --port/],
    [['record', '--sim', '--port', '/dev/x', '--out', 'x'], /exactly one of --port/],
    [['record', '--sim', '--out', 'x', '--duration', 'soon'], /--duration must be a number/],
    [['record', '--port', '/dev/x', '--seed', '2', '--out', 'x'], /--seed only applies to --sim/],
  ])('usage error: %j', async (argv, message) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(message);
  });
});
