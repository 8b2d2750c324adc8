import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  defaultSettingsPath,
  effectiveSettings,
  formatEffectiveSettings,
  hashPassword,
  loadSettings,
  loadSettingsFile,
  maskSecrets,
  settingsAsFlags,
  settingsSchema,
  validateSettings,
  verifyPassword,
  type Settings,
} from '../../src/settings/index.ts';
import { POLICIES } from '../../src/referee/verdicts.ts';
import { COLOUR_MODES, MAX_TRACK_LENGTH } from '../../src/rules/match/track.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'senryaku-settings-'));
const write = (dir: string, name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
/** What these tests read of the schema. */
type SchemaShape = {
  properties: { rules: { enum: string[] }; match: { properties: Record<string, { enum?: string[]; maximum?: number }> } };
};
/** Fast scrypt parameters for tests that only need a well-formed hash. */
const QUICK = { N: 1024, r: 8, p: 1 };

const YAML_TEXT = `
board:
  sim: true
  seed: 7
rules: surakarta
match:
  policy: tournament
  players: { A: Ann, B: Bob }
  target: points:3
mqtt:
  listen: 127.0.0.1:1883
  password: s3cret
`;

describe('settings file', () => {
  it('reads YAML and JSON alike (by extension)', () => {
    const dir = tempDir();
    const fromYaml = loadSettings(join(dir, 's.yaml'), {});
    const yamlPath = write(dir, 'settings.yaml', YAML_TEXT);
    const yaml = loadSettings(yamlPath, {});
    expect(fromYaml).toEqual({ ok: false, error: [`${join(dir, 's.yaml')}: no such settings file`] });
    expect(yaml.ok).toBe(true);
    const json = loadSettings(write(dir, 'settings.json', JSON.stringify(yaml.ok ? yaml.value : null)), {});
    expect(json).toEqual(yaml);
    expect(yaml.ok && yaml.value.match?.players).toEqual({ A: 'Ann', B: 'Bob' });
    expect(loadSettings(write(dir, 'empty.yml', '# nothing yet\n'), {})).toEqual({ ok: true, value: {} });
  });

  it('lists every problem at once, each with its path', () => {
    const r = validateSettings({
      board: { port: 3, serial: '/dev/x' },
      rules: 'chess',
      match: { policy: 'strict', players: { A: 'Ann' }, track: 'six' },
      scoreboard: '',
      mqtt: { listen: 'localhost', users: [{ name: 'u', role: 'admin', scrypt: 'plain' }] },
      extra: true,
    });
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : [...r.error].sort()).toEqual(
      [
        'extra: unknown key',
        'board.serial: unknown key',
        'board.port: must be a string, got 3',
        `rules: must be ${BUILT_IN_RULESETS.ids.join(' or ')}, got 'chess'`,
        "match.policy: must be casual or tournament, got 'strict'",
        'match.players.B: missing',
        "match.track: must be an integer, got 'six'",
        'scoreboard: must not be empty',
        "mqtt.listen: must be HOST:PORT (port 1 to 65535) or off, got 'localhost'",
        "mqtt.users[0].role: must be operator or hub or viewer, got 'admin'",
        'mqtt.users[0].scrypt: must be scrypt$N$r$p$SALT$HASH (senryaku config hash-password makes one), got (not shown: a secret)',
      ].sort(),
    );
  });

  it('never repeats a secret in a problem', () => {
    const r = validateSettings({ mqtt: { password: 42, users: [{ name: 'u', role: 'viewer', scrypt: 'my plain password' }] } });
    expect(r).toEqual({
      ok: false,
      error: [
        'mqtt.password: must be a string, got (not shown: a secret)',
        'mqtt.users[0].scrypt: must be scrypt$N$r$p$SALT$HASH (senryaku config hash-password makes one), got (not shown: a secret)',
      ],
    });
  });

  it('takes HOST:PORT (names, IPv4, [IPv6]) or off for mqtt.listen, and nothing else', () => {
    for (const listen of ['off', '0.0.0.0:1883', 'localhost:1', '[::1]:65535', 'board-1.local:8883'])
      expect(validateSettings({ mqtt: { listen } }).ok, listen).toBe(true);
    for (const listen of ['on', ':1883', 'host:', 'host:0', 'host:65536', 'host:18a', 'a b:1883'])
      expect(validateSettings({ mqtt: { listen } }).ok, listen).toBe(false);
  });

  it('says what a schema cannot: two boards, a seed without sim, the game’s own options, a user twice', async () => {
    const scrypt = await hashPassword('x', QUICK);
    const r = validateSettings({
      board: { port: 'auto', sim: true },
      rules: 'surakarta',
      match: { track: 6 },
      mqtt: { users: [0, 1].map(() => ({ name: 'desk', role: 'operator', scrypt })) },
    });
    expect(r).toEqual({
      ok: false,
      error: [
        'board: port and sim: true do not go together (one board at a time)',
        'match.track: track is for Senryaku; a Surakarta match takes --match games:N|points:N',
        "mqtt.users[1].name: 'desk' is listed twice",
      ],
    });
    expect(validateSettings({ board: { seed: 3 } })).toEqual({
      ok: false,
      error: ['board.seed: only applies to the simulated board (sim: true)'],
    });
    expect(validateSettings({ match: { target: 'games:2' } })).toMatchObject({
      ok: false,
      error: [expect.stringMatching(/^match.target: /)],
    });
  });

  it('says where a YAML or JSON file is broken, and refuses other extensions', () => {
    const dir = tempDir();
    const yaml = loadSettings(write(dir, 'bad.yaml', 'board:\n  port: auto\n  port: x\n'), {});
    expect(yaml).toMatchObject({ ok: false, error: [expect.stringMatching(/bad\.yaml:3:3: not valid YAML: /)] });
    const json = loadSettings(write(dir, 'bad.json', '{"board": '), {});
    expect(json).toMatchObject({ ok: false, error: [expect.stringMatching(/bad\.json: not valid JSON/)] });
    expect(loadSettings(write(dir, 'settings.toml', ''), {})).toMatchObject({
      ok: false,
      error: [expect.stringContaining('.yaml, .yml or .json')],
    });
  });

  it('a missing default file means the defaults; a missing file named on purpose is an error', () => {
    const config = tempDir();
    const env = { XDG_CONFIG_HOME: config };
    expect(defaultSettingsPath(env)).toBe(join(config, 'senryaku', 'settings.yaml'));
    expect(defaultSettingsPath({}, '/home/u')).toBe('/home/u/.config/senryaku/settings.yaml');
    expect(loadSettingsFile(undefined, env)).toEqual({
      ok: true,
      value: { path: join(config, 'senryaku', 'settings.yaml'), found: false, settings: {} },
    });
    expect(loadSettings(join(config, 'missing.yaml'), env)).toEqual({
      ok: false,
      error: [`${join(config, 'missing.yaml')}: no such settings file`],
    });
    mkdirSync(join(config, 'senryaku'));
    write(join(config, 'senryaku'), 'settings.yaml', 'rules: surakarta\n');
    expect(loadSettings(undefined, env)).toEqual({ ok: true, value: { rules: 'surakarta' } });
  });

  it('the example in docs/ is a valid settings file', () => {
    const loaded = loadSettings(new URL('../../docs/settings.example.yaml', import.meta.url).pathname, {});
    expect(loaded.ok ? [] : loaded.error).toEqual([]);
    expect(loaded.ok && loaded.value.mqtt?.users?.map((u) => u.role)).toEqual(['operator', 'viewer']);
  });

  it("the schema's word lists are the code's", () => {
    const schema = settingsSchema(BUILT_IN_RULESETS) as unknown as SchemaShape;
    expect(schema.properties.rules.enum).toEqual(BUILT_IN_RULESETS.ids);
    expect(schema.properties.match.properties.policy?.enum).toEqual(POLICIES);
    expect(schema.properties.match.properties.colours?.enum).toEqual(COLOUR_MODES);
    expect(schema.properties.match.properties.track?.maximum).toBe(MAX_TRACK_LENGTH);
  });
});

describe('effective settings: defaults ← file ← flags', () => {
  const defaults = defaultSettings({}, '/home/u');
  const file: Settings = {
    board: { sim: true, seed: 7, name: 'club' },
    match: { policy: 'tournament', players: { A: 'Ann', B: 'Bob' }, track: 4 },
    mqtt: { password: 'pw' },
  };

  it('a flag overrides the file, which overrides the defaults, and each value says where it came from', () => {
    const r = effectiveSettings(file, { seed: '9', policy: 'casual', 'journal-dir': '/j', json: true }, defaults);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.settings).toEqual({
      rules: 'senryaku',
      board: { sim: true, seed: 9, name: 'club' },
      match: { policy: 'casual', players: { A: 'Ann', B: 'Bob' }, track: 4, colours: 'alternate' },
      journal: { dir: '/j' },
      calibration: { dir: '/home/u/.config/senryaku/calibration' },
      mqtt: { password: 'pw' },
      scoreboard: 'virtual',
    });
    expect(Object.fromEntries(r.value.sources)).toEqual({
      rules: 'default',
      'board.sim': 'file',
      'board.seed': 'flag',
      'board.name': 'file',
      'match.policy': 'flag',
      'match.players': 'file',
      'match.track': 'file',
      'match.colours': 'default',
      'journal.dir': 'flag',
      'calibration.dir': 'default',
      'mqtt.password': 'file',
      scoreboard: 'default',
    });
  });

  it('--port replaces a simulated board from the file (and --sim a port)', () => {
    const r = effectiveSettings(file, { port: '/dev/ttyACM0', players: 'Cy, Di' }, defaults);
    expect(r.ok && r.value.settings.board).toEqual({ port: '/dev/ttyACM0', name: 'club' });
    expect(r.ok && r.value.settings.match?.players).toEqual({ A: 'Cy', B: 'Di' });
    expect(r.ok && r.value.settings.scoreboard).toBe('auto');
    const sim = effectiveSettings({ board: { port: 'auto' } }, { sim: true }, defaults);
    expect(sim.ok && sim.value.settings.board).toEqual({ sim: true });
  });

  it('a bad flag is named as the flag, with every other problem', () => {
    const r = effectiveSettings(file, { seed: 'x', players: 'solo', 'mqtt-listen': 'nowhere', rules: 'surakarta' }, defaults);
    expect(r).toEqual({
      ok: false,
      error: [
        "--players: takes two names separated by a comma, got 'solo'",
        "--seed (board.seed): must be an integer, got 'x'",
        "--mqtt-listen (mqtt.listen): must be HOST:PORT (port 1 to 65535) or off, got 'nowhere'",
      ],
    });
    const surakarta = effectiveSettings(file, { rules: 'surakarta' }, defaults);
    expect(surakarta).toEqual({
      ok: false,
      error: ['match.track: track is for Senryaku; a Surakarta match takes --match games:N|points:N'],
    });
  });

  it('gives back the command-line values a flag-driven command reads', () => {
    const r = effectiveSettings(file, {}, defaults);
    expect(r.ok && settingsAsFlags(r.value.settings)).toEqual({
      sim: true,
      'board-name': 'club',
      seed: '7',
      rules: 'senryaku',
      policy: 'tournament',
      players: 'Ann,Bob',
      track: '4',
      colours: 'alternate',
      scoreboard: 'virtual',
      'journal-dir': '/home/u/.local/share/senryaku/journal',
      'calibration-dir': '/home/u/.config/senryaku/calibration',
      'mqtt-password': 'pw',
    });
  });

  it('shows secrets masked, and the source of each top-level value', async () => {
    const scrypt = await hashPassword('pw', QUICK);
    const settings: Settings = { ...file, mqtt: { password: 'pw', users: [{ name: 'desk', role: 'operator', scrypt }] } };
    expect(maskSecrets(settings).mqtt).toEqual({ password: '***', users: [{ name: 'desk', role: 'operator', scrypt: '***' }] });
    const r = effectiveSettings(settings, { seed: '3' }, defaults);
    const text = r.ok ? formatEffectiveSettings(r.value) : '';
    expect(text).not.toContain('pw\n');
    expect(text).not.toContain(scrypt);
    expect(text).toContain(
      '# board.sim: settings file, board.seed: command line, board.name: settings file\nboard:\n  sim: true\n  seed: 3',
    );
    expect(text).toContain('# rules: default\nrules: senryaku\n');
    expect(text).toContain('# mqtt: settings file\nmqtt:\n  password: "***"\n');
  });
});

describe('MQTT user passwords', () => {
  it('hash and verify round trip; a wrong password or a mangled hash does not match', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horse ', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
    expect(await verifyPassword('correct horse', hash.replace('$16384$', '$1000$'))).toBe(false);
    expect(await verifyPassword('correct horse', hash.replace('$8$1$', '$8$99$'))).toBe(false);
    expect(await verifyPassword('correct horse', 'scrypt$16384$8$1$c2FsdA==')).toBe(false);
    expect(await hashPassword('correct horse')).not.toBe(hash); // a fresh salt each time
  });

  it('a hash made by hashPassword is accepted by the schema', async () => {
    const scrypt = await hashPassword('pw', QUICK);
    expect(await verifyPassword('pw', scrypt)).toBe(true);
    expect(validateSettings({ mqtt: { users: [{ name: 'v', role: 'viewer', scrypt }] } }).ok).toBe(true);
  });
});
