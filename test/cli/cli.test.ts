import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n').split('\n'), err };
}

describe('senryaku CLI (in process)', () => {
  it('perft prints one line per depth', async () => {
    const r = await run('perft', '3');
    expect(r.code).toBe(0);
    expect(r.out).toEqual(['1 19', '2 361', '3 6137']);
  });

  it('perft and moves take the game by --rules (Senryaku by default)', async () => {
    const r = await run('perft', '2', '--rules', 'senryaku');
    expect(r.code).toBe(0);
    expect(r.out).toEqual(['1 19', '2 361']);
    const m = await run('moves', '--rules', 'senryaku');
    expect(m.out).toHaveLength(19);
  });

  it('perft --divide prints each root move then the total', async () => {
    const r = await run('perft', '2', '--divide');
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(20);
    expect(r.out[0]).toBe('a1-a2 19');
    expect(r.out.at(-1)).toBe('total 361');
  });

  it('perft takes a position and a profile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-'));
    const file = join(dir, 'p.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'senryaku-board-profile',
        version: 1,
        name: 'knife edge',
        geometry: { wellPitch: 40, pinnacleGap: 0 },
        masses: { board: 12, spheres: { w: 1, W: 1, b: 1, B: 1 } },
      }),
    );
    expect((await run('perft', '2', '--profile', file)).out).toEqual(['1 19', '2 0']);
    expect((await run('perft', '1', '--position', '7/2B4/2W4/7/7/7 w - -')).out).toEqual(['1 5']);
  });

  it('moves lists each legal move with its outcome', async () => {
    const r = await run('moves', '--position', 'b2B3/7/2w4/7/3W3/7 w - -');
    expect(r.code).toBe(0);
    expect(r.out).toContain('c4-c5 crash at place (step 2), tips toward black: white loses');
    expect(r.out).toContain('c4-b4 none');
    const cap = await run('moves', '--position', '7/2B4/2W4/7/7/7 w - -');
    expect(cap.out).toContain('c4xc5 capture: white wins');
  });

  it.each([
    [['perft'], /one DEPTH/],
    [['perft', 'abc'], /DEPTH must be a whole number/],
    [['perft', '3', '--position', 'bbbBbbb/7/7/7/7/wwwWww w - -'], /rank 1 describes 6 wells.*RankTooShort/],
    [['perft', '3', '--profile', '/no/such/file.json'], /cannot read profile/],
    [['perft', '3', '--frobnicate'], /Unknown option '--frobnicate'/],
    [['moves', '--position', 'bbbBbbb/7/7/7/7/wwwWwww w - a1'], /LockNotPlain/],
    [['dance'], /unknown command 'dance'/],
  ])('bad input %j: one line on stderr, exit code 2', async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(message);
    expect(r.err[0]).not.toMatch(/\n| {4}at /);
  });

  it('rejects an invalid profile with the problems listed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ format: 'senryaku-board-profile', version: 1, name: 'x', geometry: {}, masses: {} }));
    const r = await run('perft', '1', '--profile', file);
    expect(r.code).toBe(2);
    expect(r.err[0]).toMatch(/geometry\.wellPitch.*\[Missing\]/);
  });
});

describe('senryaku CLI (the real binary)', () => {
  const exec = promisify(execFile);
  it('npx-style run prints perft and exits 0', async () => {
    const { stdout } = await exec(process.execPath, ['bin/senryaku.js', 'perft', '2'], { cwd: process.cwd() });
    expect(stdout).toBe('1 19\n2 361\n');
  });

  it('exits 2 with one stderr line and no stack trace on bad input', async () => {
    const e = await exec(process.execPath, ['bin/senryaku.js', 'perft', '-1']).catch((x: { code: number; stderr: string }) => x);
    expect((e as { code: number }).code).toBe(2);
    expect((e as { stderr: string }).stderr.trim().split('\n')).toHaveLength(1);
  });
});
