// The takeback setting in a journal header, for every game: written where it is not the
// default, read back as it was, refused when it is no number of plies.
import { describe, expect, it } from 'vitest';
import { breakthroughSettingsJson, parseBreakthroughSettings } from '../../src/games/breakthrough/index.ts';
import { DEFAULT_BREAKTHROUGH_SETTINGS } from '../../src/games/breakthrough/referee.ts';
import { parseSenryakuSettings, senryakuSettingsJson } from '../../src/games/senryaku/index.ts';
import { DEFAULT_REFEREE_SETTINGS } from '../../src/games/senryaku/referee.ts';
import { DEFAULT_PROFILE } from '../../src/games/senryaku/rules/index.ts';
import { parseSurakartaSettings, surakartaSettingsJson } from '../../src/games/surakarta/index.ts';
import { DEFAULT_SURAKARTA_SETTINGS } from '../../src/games/surakarta/referee.ts';
import type { JsonObject } from '../../src/util/json.ts';

const GAMES = [
  {
    name: 'senryaku',
    defaults: DEFAULT_REFEREE_SETTINGS,
    write: senryakuSettingsJson,
    read: (j: JsonObject) => parseSenryakuSettings(j, DEFAULT_PROFILE),
  },
  { name: 'surakarta', defaults: DEFAULT_SURAKARTA_SETTINGS, write: surakartaSettingsJson, read: parseSurakartaSettings },
  { name: 'breakthrough', defaults: DEFAULT_BREAKTHROUGH_SETTINGS, write: breakthroughSettingsJson, read: parseBreakthroughSettings },
] as const;

describe.each(GAMES)('$name header settings: takebackPlies', ({ defaults, write, read }) => {
  const json = (settings: object): JsonObject => JSON.parse(JSON.stringify((write as (s: object) => JsonObject)(settings))) as JsonObject;

  it('the default (one ply) is not written: a header reads as it did before takebacks', () => {
    expect(json({ ...defaults, takebackPlies: 1 })).toEqual(json(defaults));
    expect(json(defaults)).not.toHaveProperty('takebackPlies');
  });

  it('two plies (a side is the computer) are written and read back', () => {
    const header = json({ ...defaults, takebackPlies: 2 });
    expect(header.takebackPlies).toBe(2);
    expect(read(header)).toMatchObject({ ok: true, value: { takebackPlies: 2 } });
  });

  it.each([-1, 1.5, '2', 21])('refuses %j', (bad) => {
    expect(read({ ...json(defaults), takebackPlies: bad })).toEqual({
      ok: false,
      error: 'settings.takebackPlies must be a whole number from 0 to 20',
    });
  });
});
