import { describe, expect, it } from 'vitest';
import { formatSettingsProblems, parseMatchOptions } from '../../src/app/match-settings.ts';

describe('match settings', () => {
  it('defaults: casual, N = 6, alternating colours, players A and B, no game limit', () => {
    const r = parseMatchOptions({});
    expect(r).toMatchObject({
      ok: true,
      value: { policy: 'casual', match: { trackLength: 6, colours: 'alternate' }, players: { A: 'A', B: 'B' } },
    });
    expect(r.ok && r.value.gamesLimit).toBeUndefined();
  });

  it('reads every option', () => {
    const r = parseMatchOptions({
      policy: 'tournament',
      track: '3',
      colours: 'fixed',
      players: ' Ada , Bo ',
      games: '5',
      position: '7/2B4/2W4/7/7/7 w - -',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      policy: 'tournament',
      match: { trackLength: 3, colours: 'fixed' },
      players: { A: 'Ada', B: 'Bo' },
      gamesLimit: 5,
    });
    expect(r.value.firstPosition?.turn).toBe('white');
  });

  it('lists every problem at once, each naming its option', () => {
    const r = parseMatchOptions({ policy: 'strict', track: '0', colours: 'random', players: 'solo', games: 'many', position: 'x' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.map((p) => p.option)).toEqual(['policy', 'colours', 'track', 'games', 'players', 'position']);
    expect(formatSettingsProblems(r.error)).toMatch(/^--policy is casual or tournament, not 'strict'; --colours is alternate or fixed/);
  });
});
