/**
 * The settings file's JSON Schema: `schemas/settings.schema.json` holds what no game decides;
 * the games' part is added here from the registry it is handed: the ids `rules` takes, and
 * each game's own match options in the `match` section (`MatchOptionSpec`: its settings key,
 * the shape of its value, its help), so a new game's options are settings without an edit to
 * the file. `senryaku config schema` prints the whole of it.
 */
import { readFileSync } from 'node:fs';
import { settingsKeyOf, type OptionSchema } from '../rulesets/match-options.ts';
import { BUILT_IN_RULESETS, type RulesetRegistry } from '../games/registry.ts';

/** The schema file, beside src/ and dist/ alike (both are two levels under the package root). */
export const SETTINGS_SCHEMA_URL = new URL('../../schemas/settings.schema.json', import.meta.url);

/** A JSON Schema, as far as this file reads and writes one. */
interface ObjectSchema {
  readonly description?: string;
  readonly properties: Record<string, unknown>;
  readonly [keyword: string]: unknown;
}

let fileText: string | undefined;

/** The file's schema (read once per process), a fresh copy each time. */
function fileSchema(): ObjectSchema & { readonly properties: { rules: ObjectSchema; match: ObjectSchema } } {
  fileText ??= readFileSync(SETTINGS_SCHEMA_URL, 'utf8');
  return JSON.parse(fileText) as ObjectSchema & { readonly properties: { rules: ObjectSchema; match: ObjectSchema } };
}

/** The whole schema a settings file is checked against with these games. */
export function settingsSchema(games: RulesetRegistry = BUILT_IN_RULESETS): ObjectSchema {
  const schema = fileSchema();
  const { rules, match } = schema.properties;
  schema.properties.rules = { ...rules, enum: [...games.ids] };
  const byKey = new Map<string, { description: string; schema: OptionSchema }[]>();
  for (const { spec, games: owners } of games.matchOptions) {
    const key = settingsKeyOf(spec);
    const list = byKey.get(key) ?? [];
    list.push({
      description: `${owners.map((g) => g.name).join(' and ')} (--${spec.name} ${spec.value}): ${spec.help}`,
      schema: spec.schema,
    });
    byKey.set(key, list);
  }
  const own = Object.fromEntries(
    [...byKey].map(([key, [first, ...more]]) => [
      key,
      more.length === 0
        ? { description: first!.description, ...first!.schema }
        : { description: [first!, ...more].map((d) => d.description).join(' '), anyOf: [first!, ...more].map((d) => d.schema) },
    ]),
  );
  schema.properties.match = { ...match, properties: { ...match.properties, ...own } };
  return schema;
}
