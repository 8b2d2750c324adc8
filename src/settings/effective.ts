/**
 * The effective settings: defaults ← the settings file ← command-line flags, merged by a pure
 * function that also says where each value came from (`senryaku config show` prints it).
 * The flags are the command line's own (the text parseArgs gives): those of SETTINGS_FLAGS,
 * and each game's own match options (`--track`, `--match`...), made from the games'
 * declarations (`settingsFlagTable`). The game refereed adds the defaults of its own options.
 */
import { homedir } from 'node:os';
import { resolveCalibrationDir } from '../calibration/store.ts';
import { resolveJournalDir } from '../journal/directory.ts';
import { BUILT_IN_RULESETS, type RulesetRegistry } from '../games/registry.ts';
import { settingsKeyOf, type MatchOptionSpec } from '../rulesets/match-options.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { Settings, SettingsSource } from './settings.ts';
import { validateSettings } from './validate.ts';

type FlagKind = 'string' | 'boolean' | 'integer' | 'players' | 'on-off';

/** How a flag that stands for a setting is read: its settings path and how its text is read. */
interface SettingsFlagSpec {
  readonly path: string;
  readonly kind: FlagKind;
}

/** Each command-line flag that stands for a setting whatever the game: its settings path and how its text is read. */
export const SETTINGS_FLAGS = {
  port: { path: 'board.port', kind: 'string' },
  sim: { path: 'board.sim', kind: 'boolean' },
  seed: { path: 'board.seed', kind: 'integer' },
  profile: { path: 'board.profile', kind: 'string' },
  'board-name': { path: 'board.name', kind: 'string' },
  stay: { path: 'board.stay', kind: 'boolean' },
  rules: { path: 'rules', kind: 'string' },
  policy: { path: 'match.policy', kind: 'string' },
  players: { path: 'match.players', kind: 'players' },
  scoreboard: { path: 'scoreboard', kind: 'string' },
  lights: { path: 'lights.enabled', kind: 'on-off' },
  destinations: { path: 'lights.destinations', kind: 'on-off' },
  speak: { path: 'speech.enabled', kind: 'boolean' },
  computer: { path: 'computer.plays', kind: 'string' },
  engine: { path: 'computer.engine', kind: 'string' },
  hints: { path: 'computer.hints', kind: 'on-off' },
  'journal-dir': { path: 'journal.dir', kind: 'string' },
  'fallback-journal-dir': { path: 'journal.fallbackDir', kind: 'string' },
  'calibration-dir': { path: 'calibration.dir', kind: 'string' },
  db: { path: 'store.path', kind: 'string' },
  'mqtt-listen': { path: 'mqtt.listen', kind: 'string' },
  http: { path: 'http.listen', kind: 'string' },
  mqtt: { path: 'mqtt.url', kind: 'string' },
  'mqtt-user': { path: 'mqtt.username', kind: 'string' },
  'mqtt-password': { path: 'mqtt.password', kind: 'string' },
  'mqtt-ca': { path: 'mqtt.ca', kind: 'string' },
  'mqtt-base': { path: 'mqtt.base', kind: 'string' },
} as const satisfies Record<string, SettingsFlagSpec>;

export type SettingsFlag = keyof typeof SETTINGS_FLAGS;
/** The flags as parseArgs gives them (a command's `values` will do: other keys are ignored); a game's own options by name. */
export type SettingsFlags = {
  readonly [F in SettingsFlag]?: ((typeof SETTINGS_FLAGS)[F]['kind'] extends 'boolean' ? boolean : string) | undefined;
} & { readonly [gameOption: string]: string | boolean | undefined };

/** How a game's own option's text is read into the settings file's value. */
const kindOf = (o: MatchOptionSpec): FlagKind => (o.schema.type === 'integer' ? 'integer' : 'string');

/** Every flag that stands for a setting with these games: SETTINGS_FLAGS, and each game's own options (after the players). */
export function settingsFlagTable(games: RulesetRegistry): ReadonlyMap<string, SettingsFlagSpec> {
  const own = games.matchOptions.map(({ spec }) => [spec.name, { path: `match.${settingsKeyOf(spec)}`, kind: kindOf(spec) }] as const);
  return new Map<string, SettingsFlagSpec>(
    Object.entries(SETTINGS_FLAGS).flatMap(([flag, spec]) => [[flag, spec] as const, ...(flag === 'players' ? own : [])]),
  );
}

type FlagSpecs = {
  readonly [F in SettingsFlag]: { readonly type: (typeof SETTINGS_FLAGS)[F]['kind'] extends 'boolean' ? 'boolean' : 'string' };
};

/** parseArgs option specs of every setting's flag, for a command that takes them all (`config show`). */
export const settingsFlagSpecs = (games: RulesetRegistry = BUILT_IN_RULESETS): FlagSpecs =>
  Object.fromEntries(
    [...settingsFlagTable(games)].map(([flag, { kind }]) => [flag, { type: kind === 'boolean' ? 'boolean' : 'string' }]),
  ) as FlagSpecs;

export interface EffectiveSettings {
  readonly settings: Settings;
  /** Where each value came from, by its settings path (`board.port`, `match.players`, `mqtt.users`). */
  readonly sources: ReadonlyMap<string, SettingsSource>;
}

/**
 * The defaults that do not depend on anything else (the scoreboard's depends on the board).
 * The journal and calibration directories are the ones the commands find without a flag
 * ($SENRYAKU_JOURNAL_DIR, $SENRYAKU_CALIBRATION_DIR, else XDG), so a directory in the
 * settings file wins over those environment variables, and a flag over both.
 */
export function defaultSettings(
  env: NodeJS.ProcessEnv = process.env,
  home = homedir(),
  games: RulesetRegistry = BUILT_IN_RULESETS,
): Settings {
  return {
    rules: games.defaultId,
    match: { policy: 'casual', players: { A: 'A', B: 'B' } },
    journal: { dir: resolveJournalDir(undefined, env, home) },
    calibration: { dir: resolveCalibrationDir(undefined, env, home) },
  };
}

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Values merged whole: the players pair and the users list. */
const WHOLE = new Set(['match.players', 'mqtt.users']);

/** Every leaf of a settings value, by path. */
function leaves(value: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(value).flatMap(([key, v]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    return isTree(v) && !WHOLE.has(path) ? leaves(v, path) : [[path, v] as [string, unknown]];
  });
}

function setPath(tree: Tree, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = tree;
  for (const key of keys.slice(0, -1)) at = isTree(at[key]) ? at[key] : (at[key] = {});
  at[keys.at(-1)!] = value;
}

function deletePath(tree: Tree, path: string): void {
  const keys = path.split('.');
  const parent = keys.slice(0, -1).reduce<unknown>((at, key) => (isTree(at) ? at[key] : undefined), tree);
  if (isTree(parent)) delete parent[keys.at(-1)!];
}

/** A flag's text as the value of its setting (left as text when it is not one, for the schema to say so). */
function flagValue(kind: FlagKind, flag: string, raw: string | boolean, problems: string[]): unknown {
  if (kind === 'boolean' || typeof raw === 'boolean') return raw;
  if (kind === 'integer') return /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  if (kind === 'on-off') {
    if (raw === 'on' || raw === 'off') return raw === 'on';
    problems.push(`--${flag}: takes on or off, got '${raw}'`);
    return undefined;
  }
  if (kind === 'players') {
    const names = raw.split(',').map((n) => n.trim());
    if (names.length === 2 && names.every((n) => n !== '')) return { A: names[0], B: names[1] };
    problems.push(`--${flag}: takes two names separated by a comma, got '${raw}'`);
    return undefined;
  }
  return raw;
}

/**
 * defaults ← file ← flags, validated as a whole (a flag's problem names the flag). A flag for
 * the board replaces the file's board: --port drops the file's sim and seed, --sim its port.
 * The game refereed (`rules`) gives the defaults of its own match options; `games`: the games
 * a setting may name.
 */
export function effectiveSettings(
  file: Settings,
  flags: SettingsFlags,
  defaults: Settings = defaultSettings(),
  games: RulesetRegistry = BUILT_IN_RULESETS,
): Result<EffectiveSettings, string[]> {
  const merged: Tree = {};
  const sources = new Map<string, SettingsSource>();
  const put = (path: string, value: unknown, source: SettingsSource): void => {
    setPath(merged, path, structuredClone(value));
    sources.set(path, source);
  };
  const drop = (path: string): void => {
    deletePath(merged, path);
    sources.delete(path);
  };
  for (const [path, value] of leaves(defaults as Tree)) put(path, value, 'default');
  for (const [path, value] of leaves(file as Tree)) put(path, value, 'file');

  const problems: string[] = [];
  const flagOf = new Map<string, string>();
  for (const [flag, { path, kind }] of settingsFlagTable(games)) {
    const raw = (flags as Record<string, string | boolean | undefined>)[flag];
    if (raw === undefined || raw === false) continue;
    if (flag === 'port') ['board.sim', 'board.seed'].forEach(drop);
    if (flag === 'sim') drop('board.port');
    const value = flagValue(kind, flag, raw, problems);
    if (value === undefined) continue;
    put(path, value, 'flag');
    flagOf.set(path, flag);
  }
  if (!sources.has('scoreboard')) put('scoreboard', (merged.board as Tree | undefined)?.sim === true ? 'virtual' : 'auto', 'default');
  // The game's own options where neither the file nor a flag gave them (an unknown game is the schema's to say).
  const game = typeof merged.rules === 'string' ? games.byId(merged.rules) : undefined;
  if (game?.ok)
    for (const o of game.value.options) {
      const path = `match.${settingsKeyOf(o)}`;
      if (o.default !== undefined && !sources.has(path)) put(path, flagValue(kindOf(o), o.name, o.default, problems), 'default');
    }

  const valid = validateSettings(merged, games);
  if (!valid.ok)
    for (const problem of valid.error) {
      const path = problem.slice(0, problem.indexOf(':'));
      const flag = flagOf.get(path.replace(/\[\d+\]$/, ''));
      problems.push(flag ? `--${flag} (${path})${problem.slice(path.length)}` : problem);
    }
  if (problems.length > 0) return err(problems);
  return ok({ settings: merged, sources });
}

/**
 * The effective settings as the command line's option values (the text parseArgs would have
 * given), for a command written for flags: `{ ...values, ...settingsAsFlags(effective) }`.
 */
export function settingsAsFlags(s: Settings, games: RulesetRegistry = BUILT_IN_RULESETS): SettingsFlags {
  const text = (v: unknown): string | undefined => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  const own = games.matchOptions.map(({ spec }): [string, string | undefined] => [spec.name, text(s.match?.[settingsKeyOf(spec)])]);
  const flags: Record<string, string | boolean | undefined> = {
    port: s.board?.port,
    sim: s.board?.sim,
    seed: text(s.board?.seed),
    profile: s.board?.profile,
    'board-name': s.board?.name,
    stay: s.board?.stay,
    rules: s.rules,
    policy: s.match?.policy,
    players: s.match?.players ? `${s.match.players.A},${s.match.players.B}` : undefined,
    ...Object.fromEntries(own),
    scoreboard: s.scoreboard,
    lights: onOff(s.lights?.enabled),
    destinations: onOff(s.lights?.destinations),
    speak: s.speech?.enabled,
    computer: s.computer?.plays,
    engine: s.computer?.engine,
    hints: onOff(s.computer?.hints),
    'journal-dir': s.journal?.dir,
    'fallback-journal-dir': s.journal?.fallbackDir,
    'calibration-dir': s.calibration?.dir,
    db: s.store?.path,
    'mqtt-listen': s.mqtt?.listen,
    http: s.http?.listen,
    mqtt: s.mqtt?.url,
    'mqtt-user': s.mqtt?.username,
    'mqtt-password': s.mqtt?.password,
    'mqtt-ca': s.mqtt?.ca,
    'mqtt-base': s.mqtt?.base,
  };
  return Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined));
}

const onOff = (v: boolean | undefined): string | undefined => (v === undefined ? undefined : v ? 'on' : 'off');

/** Settings problems as one line, for a UsageError: `a: …; b: …`. */
export const formatSettingsErrors = (problems: readonly string[]): string => `settings: ${problems.join('; ')}`;
