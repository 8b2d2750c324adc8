/**
 * Each game declares its own match options once (`Ruleset.options`), and the command line and
 * the settings are made from the declarations: the referee's and replay's flags, their help,
 * the settings file's schema, `config show`. For every built-in game, each of its options is
 * found in all of them, and another game's option is refused with parseMatchOptions' words.
 * A toy game handed in a registry gets the same without any other file knowing it.
 */
import { describe, expect, it } from 'vitest';
import { BUILT_IN_RULESETS, RulesetRegistry } from '../../src/games/registry.ts';
import { commandHelpText } from '../../src/cli/usage.ts';
import { parseRefereeArgs, REFEREE_OPTIONS, refereeOptionSpecs } from '../../src/cli/referee/options.ts';
import {
  defaultSettings,
  effectiveSettings,
  formatEffectiveSettings,
  settingsAsFlags,
  settingsSchema,
  validateSettings,
  type Settings,
} from '../../src/settings/index.ts';
import {
  formatSettingsProblems,
  settingsKeyOf,
  wholeNumberOption,
  type MatchOptionSpec,
  type SettingsProblem,
} from '../../src/rulesets/match-options.ts';
import { parseMatchOptions } from '../../src/rulesets/parse-match-options.ts';
import type { Ruleset } from '../../src/rulesets/ruleset.ts';
import { CORNERS } from '../rulesets/toy.ts';
import { runMain } from './run-main.ts';

/** What these tests read of the settings schema. */
interface SchemaShape {
  readonly properties: {
    readonly rules: { readonly enum: readonly string[] };
    readonly match: { readonly properties: Readonly<Record<string, { readonly type?: string; readonly description?: string }>> };
  };
}
const schemaOf = (games: RulesetRegistry): SchemaShape => settingsSchema(games) as unknown as SchemaShape;

/** Every (game, option) pair the built-in games declare. */
const DECLARED = BUILT_IN_RULESETS.all.flatMap((game) => game.options.map((option) => [game.id, option.name, game, option] as const));

/** Every (game, another game's option it does not take). */
const FOREIGN = BUILT_IN_RULESETS.all.flatMap((game) =>
  BUILT_IN_RULESETS.all
    .filter((other) => other !== game)
    .flatMap((other) => other.options.filter((o) => !game.options.some((own) => own.name === o.name)))
    .map((option) => [game.id, option.name, game, option] as const),
);

/** What parseMatchOptions says of `option` given for `game`, as a command line says it. */
function refusal(game: Ruleset, option: MatchOptionSpec, registry: RulesetRegistry = BUILT_IN_RULESETS): string {
  const parsed = parseMatchOptions({ rules: game.id, [option.name]: option.default ?? 'x' }, registry);
  if (parsed.ok) throw new Error(`${game.id} took --${option.name}`);
  return formatSettingsProblems(parsed.error.filter((p) => p.option === option.name));
}

describe("each built-in game's own match options", () => {
  it('every game declares at least one, each with a default, and no name or settings key clashes with a common one', () => {
    expect(DECLARED.length).toBeGreaterThanOrEqual(BUILT_IN_RULESETS.all.length);
    for (const [, , , option] of DECLARED) {
      expect(option.default, option.name).toBeDefined();
      expect(Object.keys(REFEREE_OPTIONS), option.name).not.toContain(option.name);
      expect(['policy', 'players'], option.name).not.toContain(settingsKeyOf(option));
    }
  });

  it.each(DECLARED)('%s --%s is a flag of the referee and of replay, and in their help', async (id, name, game, option) => {
    expect(refereeOptionSpecs(BUILT_IN_RULESETS)[name as keyof typeof REFEREE_OPTIONS]).toEqual({ type: 'string' });
    const parsed = parseRefereeArgs(['--sim', '--rules', id, `--${name}`, option.default!]);
    expect(parsed.values[name]).toBe(option.default);
    for (const command of ['referee', 'replay']) {
      const help = await runMain([command, '--help']);
      expect(help.out[0], command).toContain(`[--${name} ${option.value}]`);
      expect(help.out[0], command).toContain(`--rules ${BUILT_IN_RULESETS.ids.join('|')}`);
    }
    const referee = (await runMain(['referee', '--help'])).out.join('\n');
    expect(referee).toContain(`  ${id}: ${game.name} on a `);
    expect(referee).toMatch(new RegExp(`\\n    --${name} ${option.value.replaceAll('|', '\\|')} +\\S.*\\(default ${option.default}\\)`));
  });

  it.each(DECLARED)('%s --%s is a key of the settings schema, and config show shows it', async (id, name, game, option) => {
    const key = settingsKeyOf(option);
    const schema = schemaOf(BUILT_IN_RULESETS);
    expect(schema.properties.rules.enum).toContain(id);
    expect(schema.properties.match.properties[key]).toMatchObject({ type: option.schema.type });
    expect(schema.properties.match.properties[key]?.description).toContain(game.name);
    // The game's default where nothing gives it; the flag's value where one does.
    const shown = await runMain(['config', 'show', '--rules', id]);
    expect([shown.code, shown.err]).toEqual([0, []]);
    expect(shown.out.join('\n')).toMatch(new RegExp(`\\nmatch:\\n(  .*\\n)*  ${key}: "?${option.default}"?\\n`));
    const given = await runMain(['config', 'show', '--rules', id, `--${name}`, option.default!]);
    expect(given.out.join('\n')).toContain(`match.${key}: command line`);
    // And the settings file's key, read back as the flag.
    const file: Settings = { rules: id, match: { [key]: option.schema.type === 'integer' ? Number(option.default) : option.default } };
    expect(validateSettings(file)).toEqual({ ok: true, value: file });
    const effective = effectiveSettings(file, {});
    expect(effective.ok && settingsAsFlags(effective.value.settings)[name]).toBe(option.default);
  });

  it.each(FOREIGN)('%s refuses --%s as parseMatchOptions says, on the command line and in settings', async (id, name, game, option) => {
    const said = refusal(game, option);
    expect(said).toMatch(new RegExp(`^--${name} is for .*; a ${game.name} match takes `));
    const referee = await runMain(['referee', '--sim', '--rules', id, `--${name}`, option.default!]);
    expect([referee.code, referee.err]).toEqual([2, [`senryaku referee: ${said}`]]);
    const shown = await runMain(['config', 'show', '--rules', id, `--${name}`, option.default!]);
    expect(shown.code).toBe(2);
    expect(shown.err.slice(1)).toEqual([`--${name} (match.${settingsKeyOf(option)}): ${said.slice(2)}`]);
  });
});

/** Corners (test/rulesets/toy.ts) with an option of its own: how many times a side must reach the far corner. */
const CORNERS_TO_WIN: MatchOptionSpec = {
  name: 'corners',
  value: 'N',
  help: 'A side wins the match on reaching the far corner N times.',
  settingsKey: 'cornersToWin',
  schema: { type: 'integer', minimum: 1, maximum: 9 },
  default: '1',
};
const TOY: Ruleset = {
  ...CORNERS,
  options: [CORNERS_TO_WIN],
  readPlan: (text, problems: SettingsProblem[]) => ({ toWin: wholeNumberOption(text.corners, 'corners', 1, 9, problems) ?? 1 }),
};

describe('a game handed in a registry', () => {
  const games = BUILT_IN_RULESETS.with(TOY);

  it('has its option as a flag and in the help, and refuses the others', () => {
    expect(parseRefereeArgs(['--sim', '--rules', 'corners', '--corners', '3'], games).values.corners).toBe('3');
    expect(() => parseRefereeArgs(['--sim', '--corners', '3'])).toThrow("Unknown option '--corners'");
    const help = commandHelpText('referee', games);
    expect(help).toContain(`[--rules ${[...BUILT_IN_RULESETS.ids, 'corners'].join('|')}]`);
    expect(help).toContain('[--corners N]');
    expect(help).toMatch(
      /\n {2}corners: Corners on a 3×3 board .*\n {4}--corners N +a side wins the match on reaching the far corner N times \(default 1\)/,
    );
    expect(commandHelpText('replay', games)).toContain('[--corners N]');
    expect(parseMatchOptions({ rules: 'corners', corners: '2' }, games)).toMatchObject({ ok: true, value: { plan: { toWin: 2 } } });
    expect(refusal(BUILT_IN_RULESETS.all[0]!, CORNERS_TO_WIN, games)).toBe(
      `--corners is for Corners; a Senryaku match takes --track N, --colours alternate|fixed`,
    );
    expect(refusal(TOY, BUILT_IN_RULESETS.all[0]!.options[0]!, games)).toBe(`--track is for Senryaku; a Corners match takes --corners N`);
  });

  it('has its option in the settings: the schema, its default, the flag, and its problems named by their path', () => {
    const schema = schemaOf(games);
    expect(schema.properties.rules.enum).toEqual([...BUILT_IN_RULESETS.ids, 'corners']);
    expect(schema.properties.match.properties.cornersToWin).toMatchObject({
      type: 'integer',
      description: expect.stringContaining('Corners'),
    });
    expect(schemaOf(BUILT_IN_RULESETS).properties.match.properties.cornersToWin).toBeUndefined();
    const defaults = defaultSettings({}, '/home/u', games);
    const r = effectiveSettings({}, { rules: 'corners' }, defaults, games);
    expect(r.ok && r.value.settings.match).toEqual({ policy: 'casual', players: { A: 'A', B: 'B' }, cornersToWin: 1 });
    expect(r.ok && formatEffectiveSettings(r.value)).toContain(
      '# match: default\nmatch:\n  policy: casual\n  players:\n    A: A\n    B: B\n  cornersToWin: 1\n',
    );
    const flag = effectiveSettings({}, { rules: 'corners', corners: '4' }, defaults, games);
    expect(flag.ok && flag.value.settings.match?.cornersToWin).toBe(4);
    expect(flag.ok && settingsAsFlags(flag.value.settings, games).corners).toBe('4');
    expect(effectiveSettings({}, { rules: 'corners', corners: '0' }, defaults, games)).toEqual({
      ok: false,
      error: ['--corners (match.cornersToWin): must be at least 1, got 0'],
    });
    expect(validateSettings({ rules: 'senryaku', match: { cornersToWin: 2 } }, games)).toEqual({
      ok: false,
      error: ['match.cornersToWin: corners is for Corners; a Senryaku match takes --track N, --colours alternate|fixed'],
    });
    expect(validateSettings({ rules: 'corners', match: { cornersToWin: 2 } })).toMatchObject({ ok: false });
  });
});
