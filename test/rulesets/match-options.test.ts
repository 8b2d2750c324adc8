import { describe, expect, it } from 'vitest';
import { formatSettingsProblems } from '../../src/rulesets/match-options.ts';
import { parseMatchOptions } from '../../src/rulesets/parse-match-options.ts';
import type { SenryakuPlan } from '../../src/games/senryaku/options.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';

describe('match settings', () => {
  it('defaults: casual, N = 6, alternating colours, players A and B, no game limit', () => {
    const r = parseMatchOptions({}, BUILT_IN_RULESETS);
    expect(r).toMatchObject({
      ok: true,
      value: { policy: 'casual', plan: { match: { trackLength: 6, colours: 'alternate' } }, players: { A: 'A', B: 'B' } },
    });
    expect(r.ok && r.value.gamesLimit).toBeUndefined();
  });

  it('reads every option', () => {
    const r = parseMatchOptions(
      {
        policy: 'tournament',
        track: '3',
        colours: 'fixed',
        players: ' Ada , Bo ',
        games: '5',
        position: '7/2B4/2W4/7/7/7 w - -',
      },
      BUILT_IN_RULESETS,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      policy: 'tournament',
      plan: { match: { trackLength: 3, colours: 'fixed' } },
      players: { A: 'Ada', B: 'Bo' },
      gamesLimit: 5,
    });
    expect((r.value.plan as SenryakuPlan).firstPosition?.turn).toBe('white');
  });

  it('lists every problem at once, each naming its option', () => {
    const r = parseMatchOptions(
      { policy: 'strict', track: '0', colours: 'random', players: 'solo', games: 'many', position: 'x' },
      BUILT_IN_RULESETS,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.map((p) => p.option)).toEqual(['policy', 'games', 'players', 'colours', 'track', 'position']);
    expect(formatSettingsProblems(r.error)).toMatch(
      /^--policy is casual or tournament, not 'strict'; --games must be a whole number.*; --colours is alternate or fixed/,
    );
  });
});

describe('match settings of another game', () => {
  it("reads Surakarta's match (games or points) and position, and refuses Senryaku's track there and Surakarta's match in Senryaku", () => {
    expect(parseMatchOptions({ rules: 'surakarta', match: 'points:30', position: '6/6/6/6/1x4/4o1 o' }, BUILT_IN_RULESETS)).toMatchObject({
      ok: true,
      value: { ruleset: 'surakarta', plan: { match: { kind: 'points', target: 30 }, firstPosition: { turn: 'dark' } } },
    });
    const track = parseMatchOptions({ rules: 'surakarta', track: '6', match: 'sets:3' }, BUILT_IN_RULESETS);
    expect(!track.ok && track.error.map((p) => p.option)).toEqual(['track', 'match']);
    const match = parseMatchOptions({ match: 'games:2' }, BUILT_IN_RULESETS);
    expect(!match.ok && match.error.map((p) => p.option)).toEqual(['match']);
  });
});
