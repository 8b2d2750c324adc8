import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_SECTIONS, hashPassword, verifyPassword } from '../../src/settings/index.ts';
import type { CliDeps } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';

async function run(argv: string[], deps: CliDeps = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, deps);
  return { code, out: out.join('\n'), err };
}

const EXAMPLE = new URL('../../docs/settings.example.yaml', import.meta.url).pathname;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'senryaku-config-'));
  // The default settings file, the journal and the calibration directory all under the test's own directory.
  vi.stubEnv('XDG_CONFIG_HOME', join(dir, 'config'));
  vi.stubEnv('XDG_DATA_HOME', join(dir, 'data'));
  vi.stubEnv('SENRYAKU_JOURNAL_DIR', '');
  vi.stubEnv('SENRYAKU_CALIBRATION_DIR', '');
});
afterEach(() => vi.unstubAllEnvs());

const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('senryaku config check', () => {
  it('accepts the example settings file of docs/', async () => {
    expect(await run(['config', 'check', EXAMPLE])).toEqual({ code: 0, out: `ok: ${EXAMPLE}`, err: [] });
  });

  it('lists every problem, one per line with its path, and exits 2', async () => {
    const path = file(
      'bad.yaml',
      [
        'board:',
        '  port: 3',
        '  colour: red',
        'rules: go',
        'mqtt:',
        '  listen: localhost',
        '  users:',
        '    - { name: x, role: root, scrypt: x }',
      ].join('\n'),
    );
    const r = await run(['config', 'check', path]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err[0]).toBe(`senryaku config check: ${path}: 6 problems`);
    expect(r.err.slice(1).sort()).toEqual(
      [
        'board.colour: unknown key',
        'board.port: must be a string, got 3',
        `rules: must be ${BUILT_IN_RULESETS.ids.join(' or ')}, got 'go'`,
        "mqtt.listen: must be HOST:PORT (port 1 to 65535) or off, got 'localhost'",
        "mqtt.users[0].role: must be operator or hub or viewer, got 'root'",
        'mqtt.users[0].scrypt: must be scrypt$N$r$p$SALT$HASH (senryaku config hash-password makes one), got (not shown: a secret)',
      ].sort(),
    );
  });

  it('a JSON file is checked the same way', async () => {
    const good = file('s.json', JSON.stringify({ board: { sim: true, seed: 2 }, rules: 'surakarta', match: { target: 'games:3' } }));
    expect(await run(['config', 'check', good])).toMatchObject({ code: 0, out: `ok: ${good}` });
    const bad = file('b.json', JSON.stringify({ match: { colours: 'mixed' } }));
    expect((await run(['config', 'check', bad])).err.slice(1)).toEqual(["match.colours: must be alternate or fixed, got 'mixed'"]);
  });

  it('a missing file named on the command line is an error; a missing default file is not', async () => {
    const missing = join(dir, 'nope.yaml');
    expect(await run(['config', 'check', missing])).toEqual({
      code: 2,
      out: '',
      err: [`senryaku config check: ${missing}: 1 problem`, `${missing}: no such settings file`],
    });
    const defaultPath = join(dir, 'config', 'senryaku', 'settings.yaml');
    expect(await run(['config', 'check'])).toEqual({ code: 0, out: `ok: no settings file at ${defaultPath}; the defaults apply`, err: [] });
    mkdirSync(join(dir, 'config', 'senryaku'), { recursive: true });
    writeFileSync(defaultPath, 'rules: senryaku\n');
    expect(await run(['config', 'check'])).toEqual({ code: 0, out: `ok: ${defaultPath}`, err: [] });
  });
});

describe('senryaku config show', () => {
  it('prints the effective settings: flags over the file over the defaults, secrets masked, sources in comments', async () => {
    const scrypt = await hashPassword('desk', { N: 1024, r: 8, p: 1 });
    const path = file(
      's.yaml',
      [
        'board: { sim: true, seed: 5 }',
        'match: { players: { A: Ann, B: Bob } }',
        'mqtt:',
        '  listen: 0.0.0.0:1883',
        '  password: hunter2',
        '  users:',
        `    - { name: desk, role: operator, scrypt: "${scrypt}" }`,
      ].join('\n'),
    );
    const r = await run(['config', 'show', '--config', path, '--seed', '8', '--policy', 'tournament']);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('hunter2');
    expect(r.out).not.toContain(scrypt);
    expect(r.out).toBe(
      [
        `# settings file: ${path}`,
        '# board.sim: settings file, board.seed: command line',
        'board:',
        '  sim: true',
        '  seed: 8',
        '# rules: default',
        'rules: senryaku',
        '# match.policy: command line, match.players: settings file, match.track: default, match.colours: default',
        'match:',
        '  policy: tournament',
        '  players:',
        '    A: Ann',
        '    B: Bob',
        '  track: 6',
        '  colours: alternate',
        '# scoreboard: default',
        'scoreboard: virtual',
        '# journal: default',
        'journal:',
        `  dir: ${join(dir, 'data', 'senryaku', 'journal')}`,
        '# calibration: default',
        'calibration:',
        `  dir: ${join(dir, 'config', 'senryaku', 'calibration')}`,
        '# mqtt: settings file',
        'mqtt:',
        '  listen: 0.0.0.0:1883',
        '  password: "***"',
        '  users:',
        '    - name: desk',
        '      role: operator',
        '      scrypt: "***"',
      ].join('\n'),
    );
  });

  it('shows every section the settings file may hold, the dashboard (http) among them', async () => {
    const path = file('http.yaml', 'http: { listen: 0.0.0.0:8081 }\n');
    const fromFile = await run(['config', 'show', '--config', path]);
    expect([fromFile.code, fromFile.err]).toEqual([0, []]);
    expect(fromFile.out).toContain('# http: settings file\nhttp:\n  listen: 0.0.0.0:8081');
    const fromFlag = await run(['config', 'show', '--http', 'off']);
    expect(fromFlag.out).toContain('# http: command line\nhttp:\n  listen: off');
    const schema = JSON.parse(readFileSync('schemas/settings.schema.json', 'utf8')) as { properties: Record<string, unknown> };
    expect([...SETTINGS_SECTIONS].sort()).toEqual(Object.keys(schema.properties).sort());
  });

  it('with no settings file, shows the defaults; a bad flag is named with its problem', async () => {
    const r = await run(['config', 'show', '--port', '/dev/ttyACM0']);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      `# no settings file at ${join(dir, 'config', 'senryaku', 'settings.yaml')}\n# board: command line\nboard:\n  port: /dev/ttyACM0\n`,
    );
    expect(r.out).toContain('# scoreboard: default\nscoreboard: auto\n');
    const bad = await run(['config', 'show', '--sim', '--seed', 'x', '--mqtt-listen', 'here']);
    expect(bad.code).toBe(2);
    expect(bad.err.slice(1)).toEqual([
      "--seed (board.seed): must be an integer, got 'x'",
      "--mqtt-listen (mqtt.listen): must be HOST:PORT (port 1 to 65535) or off, got 'here'",
    ]);
  });
});

describe('senryaku config hash-password and the rest', () => {
  it('prints the scrypt hash of the password read from standard input', async () => {
    const input = new PassThrough();
    input.end('open sesame\n');
    const r = await run(['config', 'hash-password'], { input });
    expect(r.code).toBe(0);
    expect(await verifyPassword('open sesame', r.out)).toBe(true);
    expect(await verifyPassword('open sesame\n', r.out)).toBe(false);
    const hashed = file('u.yaml', `mqtt:\n  users:\n    - name: desk\n      role: operator\n      scrypt: ${r.out}\n`);
    expect((await run(['config', 'check', hashed])).code).toBe(0);
  });

  it('refuses an empty password, a password on the command line, and unknown subcommands', async () => {
    const input = new PassThrough();
    input.end('');
    expect(await run(['config', 'hash-password'], { input })).toEqual({
      code: 2,
      out: '',
      err: ['senryaku config: no password on standard input'],
    });
    expect((await run(['config', 'hash-password', 'secret'])).err[0]).toMatch(/not the command line/);
    expect((await run(['config', 'frob'])).err[0]).toMatch(/^senryaku config: unknown subcommand 'frob'/);
    expect((await run(['config'])).code).toBe(2);
    expect((await run(['config', 'check', 'a.yaml', 'b.yaml'])).code).toBe(2);
  });
});
