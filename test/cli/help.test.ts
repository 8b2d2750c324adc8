/** `senryaku COMMAND --help`, `senryaku help [COMMAND]` and `senryaku --version`: on stdout, exit 0. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';
import { commandHelp, COMMAND_NAMES } from '../../src/cli/usage.ts';

const COMMAND_HELP = Object.fromEntries(COMMAND_NAMES.map((name) => [name, commandHelp(name, BUILT_IN_RULESETS)])) as Record<
  (typeof COMMAND_NAMES)[number],
  ReturnType<typeof commandHelp>
>;

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err };
}

const pkgVersion = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

describe('help and version', () => {
  it.each(
    COMMAND_NAMES.flatMap((name) => [
      [name, '--help'],
      [name, '-h'],
    ]),
  )('senryaku %s %s: usage and description on stdout, exit 0', async (name, flag) => {
    const r = await run(name, flag);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe(`usage: ${COMMAND_HELP[name].usage}`);
    expect(r.out).toContain(COMMAND_HELP[name].description[0]);
    expect(r.out).toMatch(/Exit codes: 0 ok, 1 runtime failure.*, 2 bad input/);
  });

  it('help wins over other arguments, good or bad, and needs no board', async () => {
    for (const argv of [
      ['referee', '--port', '/dev/nope', '--help'],
      ['perft', '--frobnicate', '-h'],
      ['record', '--sim', '--out', 'package.json', '--help'],
      ['scoreboard', '--help'],
    ]) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(0);
      expect(r.err).toEqual([]);
      expect(r.out).toMatch(new RegExp(`^usage: senryaku ${argv[0]} `));
    }
  });

  it('after --, --help is an argument like any other', async () => {
    const r = await run('perft', '--', '--help');
    expect(r.code).toBe(2);
    expect(r.err).toEqual(["senryaku perft: DEPTH must be a whole number from 1 to 12, got '--help'"]);
  });

  it('senryaku help COMMAND is COMMAND --help; senryaku help lists every command', async () => {
    expect((await run('help', 'replay')).out).toBe((await run('replay', '--help')).out);
    for (const general of [await run('help'), await run('--help'), await run('-h'), await run()]) {
      expect(general.code).toBe(0);
      for (const name of COMMAND_NAMES) expect(general.out).toContain(`  ${COMMAND_HELP[name].usage}\n      ${COMMAND_HELP[name].summary}`);
      expect(general.out).toMatch(/senryaku COMMAND --help/);
    }
  });

  it('senryaku --version (and -V) prints the version of package.json', async () => {
    expect(await run('--version')).toEqual({ code: 0, out: pkgVersion, err: [] });
    expect(await run('-V')).toEqual({ code: 0, out: pkgVersion, err: [] });
  });

  it('the real binary: --version and referee --help, exit 0', async () => {
    const exec = promisify(execFile);
    const [version, help] = await Promise.all([
      exec(process.execPath, ['bin/senryaku.js', '--version']),
      exec(process.execPath, ['bin/senryaku.js', 'referee', '--help']),
    ]);
    expect(version).toEqual({ stdout: `${pkgVersion}\n`, stderr: '' });
    expect(help.stderr).toBe('');
    expect(help.stdout).toMatch(/^usage: senryaku referee --port PATH\|auto \| --sim /);
  });
});
