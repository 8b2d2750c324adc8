/**
 * The computer's seat: a side in each game's words with a level, or off; the player it names
 * (the one with that side in game 1, as each game's referee deals the sides); the players'
 * names with the computer in its seat; and a new match with it (two-ply takebacks).
 */
import { describe, expect, it } from 'vitest';
import { withComputer } from '../../src/app/computer/computer-plan.ts';
import { loadSessionProfile } from '../../src/app/board-check.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';
import { parseMatchOptions } from '../../src/rulesets/parse-match-options.ts';
import { parseComputerSeat, playersWithComputer, sidesOf } from '../../src/rulesets/computer-seat.ts';

const games = BUILT_IN_RULESETS.all;

describe('the computer seat', () => {
  it.each(games.map((g) => g.id))(
    "%s: each side with a level or without (level 5), and off; the side's player in game 1 as the referee deals it",
    (id) => {
      const game = BUILT_IN_RULESETS.byId(id);
      if (!game.ok) throw new Error(game.error.message);
      const g = game.value;
      const sides = sidesOf(g);
      expect(sides).toHaveLength(2);
      const file = loadSessionProfile(undefined, g);
      if (!file.ok) throw new Error(file.error);
      const options = parseMatchOptions({ rules: id }, BUILT_IN_RULESETS);
      if (!options.ok) throw new Error(JSON.stringify(options.error));
      const match = g.newMatch(file.value, options.value);
      const referee = g.referee.fromJson(match.settings, match.profile);
      if (!referee.ok) throw new Error(referee.error);
      const dealt = referee.value.snapshot(referee.value.initialState()).players;
      for (const side of sides) {
        expect(parseComputerSeat(side, g)).toEqual({ ok: true, value: { player: dealt[side], side, level: 5 } });
        expect(parseComputerSeat(`${side}:10`, g)).toMatchObject({ ok: true, value: { player: dealt[side], level: 10 } });
      }
      expect(parseComputerSeat('off', g)).toEqual({ ok: true, value: undefined });
    },
  );

  it('refuses another side, a level out of 1-10, and extra parts, naming what the game takes', () => {
    const surakarta = BUILT_IN_RULESETS.byId('surakarta');
    if (!surakarta.ok) throw new Error('no surakarta');
    expect(parseComputerSeat('black', surakarta.value)).toEqual({
      ok: false,
      error: "takes light|dark[:LEVEL] or off, LEVEL 1 to 10 (a side of Surakarta), got 'black'",
    });
    for (const bad of ['dark:0', 'dark:11', 'dark:', 'dark:x'])
      expect(parseComputerSeat(bad, surakarta.value)).toMatchObject({ ok: false });
    expect(parseComputerSeat('dark:3:1', surakarta.value)).toMatchObject({ ok: false, error: expect.stringMatching(/^takes light\|dark/) });
  });

  it("names the computer's player unless a name is given; an earlier computer's name is no name", () => {
    const seat = { player: 'B', side: 'black', level: 3 } as const;
    expect(playersWithComputer({ A: 'A', B: 'B' }, seat)).toEqual({ A: 'A', B: 'Computer (level 3)' });
    expect(playersWithComputer({ A: 'Ann', B: 'Deep Thought' }, seat)).toEqual({ A: 'Ann', B: 'Deep Thought' });
    expect(playersWithComputer({ A: 'Ann', B: 'Computer (level 7)' }, seat)).toEqual({ A: 'Ann', B: 'Computer (level 3)' });
    // The computer changes seats, then leaves: the names it left go back to the letters.
    expect(playersWithComputer({ A: 'A', B: 'Computer (level 3)' }, { ...seat, player: 'A' })).toEqual({ A: 'Computer (level 3)', B: 'B' });
    expect(playersWithComputer({ A: 'Ann', B: 'Computer (level 3)' }, undefined)).toEqual({ A: 'Ann', B: 'B' });
  });

  it('a match with the computer takes back two plies; without, as the game set it', () => {
    const plan = { game: { ruleset: games[0]!, settings: { policy: 'casual' }, profile: {} }, players: { A: 'A', B: 'B' } };
    const seat = { player: 'A', side: 'white', level: 1 } as const;
    expect(withComputer(plan, seat)).toMatchObject({
      computer: seat,
      players: { A: 'Computer (level 1)' },
      game: { settings: { takebackPlies: 2 } },
    });
    expect(withComputer({ ...plan, computer: seat }, undefined)).not.toHaveProperty('computer');
    expect(withComputer(plan, undefined).game.settings).toEqual({ policy: 'casual' });
  });
});
