import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CalibrationStore } from '../../src/app/calibration-store.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { main } from '../../src/cli/main.ts';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import { useE2E } from '../e2e/harness.ts';

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('senryaku replay', { timeout: 60_000 }, () => {
  const e2e = useE2E();

  it('re-referees a match journal and prints the verdicts the live run gave', async () => {
    const s = await e2e.game('7/2B4/2W4/7/7/7 w - -');
    s.act(act().lift('c5', { afterMs: 300 }).lift('c4', { afterMs: 400 }).place('c5', { afterMs: 500, kind: 'W' }));
    await s.until('game-over');
    const journal = s.app.journalPath;
    const json = await run('replay', journal, '--json');
    expect(json.code).toBe(0);
    expect(json.out.map((l) => JSON.parse(l))).toEqual(s.verdicts);
    const text = await run('replay', journal);
    expect(text.out.join('\n')).toMatch(/White c4xc5 .*\n.*Game 1 over: White \(A\) wins by capture, 2 points/);
  });

  it('re-referees a raw recording with the stored calibration of its board', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-replay-'));
    const store = new CalibrationStore(join(dir, 'cal'));
    const cal = await calibrateSimulatedBoard({ seed: 3, store });
    expect(cal.ok).toBe(true);
    const file = join(dir, 'session.rec');
    const rec = await run('record', '--sim', '--seed', '3', '--out', file, '--duration', '2');
    expect(rec.code).toBe(0);
    const r = await run('replay', file, '--json', '--calibration-dir', join(dir, 'cal'));
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    // `record --sim` powers the board up empty: the referee waits for the start position.
    const verdicts = r.out.map((l) => JSON.parse(l) as { type: string; missing?: string[] });
    expect(verdicts[0]).toMatchObject({ type: 'setup', extra: [] });
    expect(verdicts[0]?.missing).toHaveLength(14);
    const missing = await run('replay', file, '--calibration-dir', join(dir, 'nowhere'));
    expect(missing.code).toBe(1);
    expect(missing.err[0]).toMatch(/no calibration for board/);
  });

  it.each([
    [['replay'], /one file/],
    [['replay', '/no/such/file'], /cannot read \/no\/such\/file: ENOENT/],
  ])('bad input %j: one line, exit 2', async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(message);
  });

  it('a file that is neither a journal nor a recording is refused', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'senryaku-replay-')), 'x.jsonl');
    writeFileSync(file, '{"hello":1}\n');
    const r = await run('replay', file);
    expect(r.code).toBe(2);
    expect(r.err[0]).toMatch(/not a journal header/);
  });
});
