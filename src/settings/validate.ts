/**
 * A settings value judged by the JSON Schema (schema.ts: `schemas/settings.schema.json` with
 * the games' part from the registry; ajv, every error at once), then by the few checks a
 * schema says badly (two keys that do not go together, the game's own match options,
 * duplicate user names). Every problem comes back as one line that starts with its settings
 * path: `board.seed: must be an integer, got "x"`.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { err, ok, type Result } from '../util/result.ts';
import { settingsKeyOf } from '../rulesets/match-options.ts';
import { parseMatchOptions } from '../rulesets/parse-match-options.ts';
import type { Settings } from './settings.ts';
import { BUILT_IN_RULESETS, type RulesetRegistry } from '../games/registry.ts';
import { settingsSchema } from './schema.ts';
import { parseComputerSeat } from '../rulesets/computer-seat.ts';

const compiled = new WeakMap<RulesetRegistry, ValidateFunction>();

/** The compiled schema of these games (once per process). */
function validator(games: RulesetRegistry): ValidateFunction {
  const known = compiled.get(games);
  if (known) return known;
  // x-expected: what a pattern means, in words, for the error message.
  const ajv = new Ajv({ allErrors: true, strict: true, verbose: true });
  ajv.addKeyword({ keyword: 'x-expected', schemaType: 'string' });
  const validate = ajv.compile(settingsSchema(games));
  compiled.set(games, validate);
  return validate;
}

/** `/mqtt/users/0/role` → `mqtt.users[0].role`; the root is `settings`. */
export function settingsPath(pointer: string): string {
  if (pointer === '') return 'settings';
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path === '' ? part : `${path}.${part}`), '');
}

/** Secrets, whose value a problem never repeats (a password typed where its hash belongs, say). */
const SECRET_PATH = /^mqtt\.(password|users\[\d+\]\.scrypt)$/;

function problemOf(e: ErrorObject): string {
  const at = settingsPath(e.instancePath);
  const shown = (value: unknown): string =>
    SECRET_PATH.test(at) ? '(not shown: a secret)' : typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
  const child = (key: string): string => (at === 'settings' ? key : `${at}.${key}`);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return `${child(String(p.additionalProperty))}: unknown key`;
    case 'required':
      return `${child(String(p.missingProperty))}: missing`;
    case 'type':
      return `${at}: must be ${p.type === 'integer' ? 'an integer' : p.type === 'array' ? 'a list' : p.type === 'object' ? 'a mapping of keys' : `a ${String(p.type)}`}, got ${shown(e.data)}`;
    case 'enum':
      return `${at}: must be ${(p.allowedValues as unknown[]).map(String).join(' or ')}, got ${shown(e.data)}`;
    case 'pattern': {
      const expected: unknown = e.parentSchema?.['x-expected'];
      return `${at}: must be ${typeof expected === 'string' ? expected : `like ${String(p.pattern)}`}, got ${shown(e.data)}`;
    }
    case 'minLength':
      return `${at}: must not be empty`;
    case 'minimum':
    case 'maximum':
      return `${at}: must be ${e.keyword === 'minimum' ? 'at least' : 'at most'} ${String(p.limit)}, got ${shown(e.data)}`;
    default:
      return `${at}: ${e.message ?? e.keyword}`;
  }
}

/** The problems the schema cannot say well; only asked of a value the schema has accepted. */
function crossChecks(s: Settings, games: RulesetRegistry): string[] {
  const problems: string[] = [];
  if (s.board?.port !== undefined && s.board.sim === true)
    problems.push('board: port and sim: true do not go together (one board at a time)');
  if (s.board?.seed !== undefined && s.board.sim !== true) problems.push('board.seed: only applies to the simulated board (sim: true)');
  // The match options, checked as the command line's are: each game's own under its settings key.
  const own = games.matchOptions.flatMap(({ spec }) => {
    const value = s.match?.[settingsKeyOf(spec)];
    // The schema has let through a number or a text.
    return value === undefined ? [] : [[spec.name, typeof value === 'string' ? value : JSON.stringify(value)] as const];
  });
  const checked = parseMatchOptions(
    {
      ...(s.rules !== undefined ? { rules: s.rules } : {}),
      ...(s.match?.policy !== undefined ? { policy: s.match.policy } : {}),
      ...(s.match?.players ? { players: `${s.match.players.A},${s.match.players.B}` } : {}),
      ...Object.fromEntries(own),
    },
    games,
  );
  const paths = new Map<string, string>([
    ['rules', 'rules'],
    ['policy', 'match.policy'],
    ['players', 'match.players'],
    ...games.matchOptions.map(({ spec }) => [spec.name, `match.${settingsKeyOf(spec)}`] as const),
  ]);
  if (!checked.ok) for (const p of checked.error) problems.push(`${paths.get(p.option) ?? `match.${p.option}`}: ${p.message}`);
  const computer = computerProblem(s, games);
  if (computer) problems.push(`computer.plays: ${computer}`);
  const names = new Set<string>();
  s.mqtt?.users?.forEach((u, i) => {
    if (names.has(u.name)) problems.push(`mqtt.users[${i}].name: '${u.name}' is listed twice`);
    names.add(u.name);
  });
  return problems;
}

/** The computer's side checked against the game's sides (the schema has checked its shape). */
function computerProblem(s: Settings, games: RulesetRegistry): string | undefined {
  const plays = s.computer?.plays;
  const game = games.byId(s.rules ?? games.defaultId);
  if (plays === undefined || !game.ok) return undefined;
  const seat = parseComputerSeat(plays, game.value);
  return seat.ok ? undefined : seat.error;
}

/** Any parsed value (from YAML or JSON) → the settings, or every problem, each starting with its path; `games`: the games it may name. */
export function validateSettings(value: unknown, games: RulesetRegistry = BUILT_IN_RULESETS): Result<Settings, string[]> {
  const validate = validator(games);
  if (!validate(value)) return err((validate.errors ?? []).map(problemOf));
  const settings = value as Settings;
  const problems = crossChecks(settings, games);
  return problems.length > 0 ? err(problems) : ok(settings);
}
