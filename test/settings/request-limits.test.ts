// Every field of an operator's request within its bound, whichever front brings it; a name
// beyond the players' bound refused by the match settings too (the command line's --players).
import { describe, expect, it } from 'vitest';
import { parseMatchOptions } from '../../src/rulesets/parse-match-options.ts';
import { checkRequestFields, MAX_NAME_CHARS } from '../../src/settings/request-limits.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';

describe('request limits', () => {
  it('takes a request within its bounds', () => {
    expect(checkRequestFields('new_match', { players: { A: 'a'.repeat(MAX_NAME_CHARS), B: 'Bo' }, track: 6, force: true })).toEqual({
      ok: true,
      value: true,
    });
  });

  it('names the first field beyond its bound, with a code and the bound', () => {
    const refusal = (body: unknown) => {
      const r = checkRequestFields('new_match', body);
      return r.ok ? undefined : r.error;
    };
    expect(refusal({ players: { B: 'b'.repeat(65) } })).toEqual({
      code: 'TooLong',
      field: 'players.B',
      max: 64,
      message: 'new_match: players.B is 65 characters, at most 64 (TooLong)',
    });
    expect(refusal({ policy: 'p'.repeat(129) })).toMatchObject({ code: 'TooLong', field: 'policy', max: 128 });
    expect(refusal({ players: { A: { deeper: 'x' } } })).toMatchObject({ code: 'TooDeep', field: 'players.A', max: 2 });
    expect(refusal(Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`f${i}`, i])))).toMatchObject({
      code: 'TooMany',
      field: 'request',
      max: 16,
    });
    expect(refusal({ ['k'.repeat(200)]: 1 })).toMatchObject({ code: 'TooLong', max: 128 });
  });

  it("a player's name longer than the bound is a settings problem too", () => {
    const r = parseMatchOptions({ players: `${'x'.repeat(65)},Bo` }, BUILT_IN_RULESETS);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toEqual([{ option: 'players', message: 'players: a name is at most 64 characters, got 65 and 2' }]);
    expect(parseMatchOptions({ players: `${'x'.repeat(64)},Bo` }, BUILT_IN_RULESETS).ok).toBe(true);
  });
});
