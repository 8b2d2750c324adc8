// The ruleset registry and Senryaku's descriptor: lookup by id, the rules tools the command
// line uses, and the header settings a journal keeps (written, read back, and refused when bad).
import { describe, expect, it } from 'vitest';
import { DEFAULT_REFEREE_SETTINGS } from '../../src/games/senryaku/referee.ts';
import { BUILT_IN_RULESETS, rulesetById } from '../../src/games/registry.ts';
import { parseSenryakuSettings, SENRYAKU, senryakuSettingsJson } from '../../src/games/senryaku/index.ts';
import { DEFAULT_PROFILE, parseSpn } from '../../src/games/senryaku/rules/index.ts';

describe('ruleset registry', () => {
  it('finds every listed ruleset by its id, and nothing else', () => {
    // Senryaku first (the default), then the others, each once.
    expect(BUILT_IN_RULESETS.ids.slice(0, 2)).toEqual(['senryaku', 'surakarta']);
    expect(new Set(BUILT_IN_RULESETS.ids).size).toBe(BUILT_IN_RULESETS.ids.length);
    for (const id of BUILT_IN_RULESETS.ids) expect(rulesetById(id)).toMatchObject({ ok: true, value: { id } });
    expect(rulesetById('chess')).toMatchObject({ ok: false, error: { code: 'UnknownRuleset' } });
    expect(rulesetById('')).toMatchObject({ ok: false, error: { code: 'UnknownRuleset' } });
  });

  it('takes more games besides the built-in ones, without changing them', () => {
    const toy = { ...SENRYAKU, id: 'toy', name: 'Toy' };
    const more = BUILT_IN_RULESETS.with(toy);
    expect(more.ids).toEqual([...BUILT_IN_RULESETS.ids, 'toy']);
    expect(more.byId('toy')).toMatchObject({ ok: true, value: { name: 'Toy' } });
    expect(BUILT_IN_RULESETS.byId('toy')).toMatchObject({
      ok: false,
      error: { message: `unknown ruleset 'toy'; the rulesets are ${BUILT_IN_RULESETS.ids.join(', ')}` },
    });
  });
});

describe('Senryaku descriptor', () => {
  it('gives the rules tools of a position in its notation', () => {
    const start = SENRYAKU.position(SENRYAKU.startPosition);
    if (!start.ok) throw new Error(start.error.message);
    expect([1, 2, 3].map((d) => start.value.perft(d))).toEqual([19, 361, 6137]);
    expect(start.value.moves()).toHaveLength(19);
    expect(start.value.divide(2).reduce((s, l) => s + l.count, 0)).toBe(361);
    expect(SENRYAKU.position('bbbBbbb/7/7/7/7/wwwWwww x - -')).toMatchObject({ ok: false, error: { code: expect.any(String) } });
  });

  it('writes its referee settings into a header and reads them back as they were', () => {
    const first = parseSpn('bbbBbbb/7/7/7/7/wwwWww1 w - -');
    if (!first.ok) throw new Error(first.error.message);
    const settings = { ...DEFAULT_REFEREE_SETTINGS, policy: 'tournament' as const, holdingGraceMs: 1500, firstPosition: first.value };
    const json = JSON.parse(JSON.stringify(senryakuSettingsJson(settings))) as Record<string, unknown>;
    const back = parseSenryakuSettings(json, DEFAULT_PROFILE);
    expect(back).toEqual({ ok: true, value: settings });
    expect(SENRYAKU.referee.fromJson(json, DEFAULT_PROFILE)).toMatchObject({ ok: true, value: { ruleset: 'senryaku' } });
  });

  it.each([
    [{ policy: 'strict' }, /settings.policy must be one of casual, tournament/],
    [{ match: { trackLength: 0, colours: 'alternate' } }, /trackLength must be a whole number from 1 to 99/],
    [{ match: { trackLength: 6, colours: 'random' } }, /colours must be one of/],
    [{ placementGraceMs: 'soon' }, /placementGraceMs must be a number of ms >= 0/],
    [{ firstPosition: 42 }, /firstPosition is not a valid SPN/],
  ])('refuses bad header settings %j', (bad, message) => {
    const json = { ...senryakuSettingsJson(DEFAULT_REFEREE_SETTINGS), ...bad };
    expect(SENRYAKU.referee.fromJson(json, DEFAULT_PROFILE)).toMatchObject({ ok: false, error: expect.stringMatching(message) });
  });
});
