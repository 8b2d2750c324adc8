// The operator's requests as the referee process checks them: every bad field refused with
// words that name it, a match under way kept unless the request says `force`, a new match
// built from the last one's options with the request's over them.
import { describe, expect, it } from 'vitest';
import { HostControl } from '../../src/app/host-control.ts';
import { loadBoardFile } from '../../src/app/load-profile.ts';
import { REFERENCE_PROFILE_PATH } from '../support/reference-profile.ts';
import { referenceProfilePath } from '../../src/app/open-board.ts';
import type { MatchPlan, RefereeHost } from '../../src/app/referee-host.ts';
import type { RefereeApp } from '../../src/app/referee-app.ts';
import { SENRYAKU } from '../../src/games/senryaku/index.ts';
import { SURAKARTA } from '../../src/games/surakarta/index.ts';
import { ok } from '../../src/util/result.ts';

const file = loadBoardFile(REFERENCE_PROFILE_PATH, SENRYAKU);
if (!file.ok) throw new Error(file.error);
const game = SENRYAKU;

/** A host standing in for the real one: it records the plans it is given. */
function fakeHost(unfinished: boolean) {
  const plans: MatchPlan[] = [];
  let calibrations = 0;
  const host = {
    matchUnfinished: unfinished,
    current: {
      matchId: 'm1',
      snapshot: () => ({ phase: 'play', game: 2, score: { points: { A: 1, B: 0 } } }),
    } as unknown as RefereeApp,
    newMatch: async (plan: MatchPlan) => {
      plans.push(plan);
      return ok({ matchId: `m${plans.length + 1}` } as RefereeApp);
    },
    recalibrate: async () => {
      calibrations++;
      return ok({ matchId: 'm9' });
    },
  };
  return { host: host as unknown as RefereeHost, plans, calibrations: () => calibrations };
}

const control = (unfinished = false) => {
  const fake = fakeHost(unfinished);
  return { ...fake, control: new HostControl({ host: fake.host, game, file: file.value, options: { players: 'Ann,Bo', track: '4' } }) };
};

describe('new_match', () => {
  it("starts a match like the last one, with the request's fields over its options", async () => {
    const { control: c, plans } = control();
    const answer = await c.newMatch({ players: { B: 'Cy' }, policy: 'tournament' });
    expect(answer).toEqual({ ok: true, value: { matchId: 'm2', ruleset: 'senryaku', players: { A: 'Ann', B: 'Cy' } } });
    expect(plans[0]!.players).toEqual({ A: 'Ann', B: 'Cy' });
    expect(plans[0]!.game.settings).toMatchObject({ policy: 'tournament', match: { trackLength: 4 } });
    // The next one starts from this one's options.
    await c.newMatch({ track: 2 });
    expect(plans[1]!.players).toEqual({ A: 'Ann', B: 'Cy' });
    expect(plans[1]!.game.settings).toMatchObject({ policy: 'tournament', match: { trackLength: 2 } });
  });

  it("starts a match of the board's game, whatever game and options the run's settings named", async () => {
    // A Surakarta match resumed by a run whose settings are Senryaku's (the default game, with its options).
    const surakarta = loadBoardFile(referenceProfilePath(SURAKARTA), SURAKARTA);
    if (!surakarta.ok) throw new Error(surakarta.error);
    const fake = fakeHost(false);
    const c = new HostControl({
      host: fake.host,
      game: SURAKARTA,
      file: surakarta.value,
      options: { rules: 'senryaku', track: '6', colours: 'alternate', players: 'Ann,Bo' },
    });
    const answer = await c.newMatch({ match: 'points:5' });
    expect(answer).toEqual({ ok: true, value: { matchId: 'm2', ruleset: 'surakarta', players: { A: 'Ann', B: 'Bo' } } });
    expect(fake.plans[0]!.game.ruleset.id).toBe('surakarta');
    expect(fake.plans[0]!.game.settings).toMatchObject({ match: 'points:5' });
  });

  it('refuses bad fields, naming each, and starts nothing', async () => {
    const { control: c, plans } = control();
    const refused = async (body: Record<string, unknown>, error: RegExp) => {
      const answer = await c.newMatch(body);
      expect(answer.ok).toBe(false);
      if (!answer.ok) expect(answer.error).toMatch(error);
    };
    await refused({ colour: 'fixed' }, /unknown field 'colour' \(it takes players, ruleset, policy/);
    await refused({ ruleset: 'surakarta' }, /this board is a Senryaku board/);
    await refused({ players: ['A', 'B'] }, /players is an object/);
    await refused({ players: { A: 'X,Y' } }, /players.A is a name/);
    await refused({ players: { C: 'Z' } }, /players has A and B only/);
    await refused({ track: 0 }, /track/);
    await refused({ track: true }, /track is a whole number/);
    await refused({ policy: 'strict' }, /policy is casual or tournament, not 'strict'/);
    await refused({ force: 'yes' }, /force is true or false/);
    expect(plans).toEqual([]);
  });

  it('leaves a match under way only when forced', async () => {
    const { control: c, plans } = control(true);
    const kept = await c.newMatch({});
    expect(kept.ok).toBe(false);
    if (!kept.ok) expect(kept.error).toMatch(/the match m1 is not over \(game 2, play, score 1-0\): send "force": true/);
    expect(plans).toEqual([]);
    expect((await c.newMatch({ force: true })).ok).toBe(true);
  });
});

describe('start_calibration', () => {
  it('calibrates between matches, and during one only when forced', async () => {
    const { control: c, calibrations } = control(true);
    const kept = await c.startCalibration({});
    expect(kept.ok).toBe(false);
    expect(calibrations()).toBe(0);
    expect(await c.startCalibration({ force: true })).toEqual({ ok: true, value: { calibrated: true, matchId: 'm9' } });
    expect(calibrations()).toBe(1);
    const unknown = await c.startCalibration({ cells: [1] });
    expect(unknown.ok).toBe(false);
  });
});

describe('report_blind_cell', () => {
  /** A host whose match's referee answers the operator's word as the real one would. */
  function withReferee(answer: (action: unknown) => unknown[]) {
    const actions: unknown[] = [];
    const host = { current: { operate: (a: unknown) => (actions.push(a), answer(a)) } } as unknown as RefereeHost;
    if (!file.ok) throw new Error(file.error);
    return { actions, control: new HostControl({ host, game, file: file.value, options: {} }) };
  }

  it('takes the cell and what it holds to the referee, and its refusal back as the error', async () => {
    const { control: c, actions } = withReferee(() => [{ type: 'move', atMs: 1 }]);
    expect(await c.reportBlindCell({ cell: 'c4', holds: 'empty' })).toEqual({
      ok: true,
      value: { cell: 'c4', holds: 'empty', verdicts: ['move'] },
    });
    expect(actions).toEqual([{ kind: 'blind', well: 'c4', holds: 'empty' }]);
    const refusing = withReferee(() => [{ type: 'notice', atMs: 1, message: 'blind c4 refused: c4 is not blind (its load cell works)' }]);
    expect(await refusing.control.reportBlindCell({ cell: 'c4', holds: 'occupied' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('c4 is not blind') as string,
    });
  });

  it('refuses bad fields before asking the referee', async () => {
    const { control: c, actions } = withReferee(() => []);
    expect(await c.reportBlindCell({ cell: 'C4', holds: 'empty' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('"cell"') as string,
    });
    expect(await c.reportBlindCell({ cell: 'c4', holds: 'full' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('"holds"') as string,
    });
    expect(await c.reportBlindCell({ cell: 'c4', holds: 'empty', why: 1 })).toMatchObject({
      ok: false,
      error: expect.stringContaining("'why'") as string,
    });
    expect(actions).toEqual([]);
  });
});

describe('new_match with the computer, and hint', () => {
  it('computer: its seat and level, its player named for it, two-ply takebacks; off in a later match, the names back', async () => {
    const { control: c, plans } = control();
    const answer = await c.newMatch({ players: { A: 'A', B: 'B' }, computer: 'white:2' });
    expect(answer).toMatchObject({
      ok: true,
      value: { players: { A: 'Computer (level 2)', B: 'B' }, computer: { player: 'A', side: 'white', level: 2 } },
    });
    expect(plans[0]).toMatchObject({ computer: { player: 'A', level: 2 }, game: { settings: { takebackPlies: 2 } } });
    // The next match keeps the computer unless the request says otherwise.
    await c.newMatch({});
    expect(plans[1]!.computer).toEqual({ player: 'A', side: 'white', level: 2 });
    await c.newMatch({ computer: 'off' });
    expect(plans[2]!.computer).toBeUndefined();
    expect(plans[2]!.players).toEqual({ A: 'A', B: 'B' });
    expect(plans[2]!.game.settings).not.toHaveProperty('takebackPlies');
  });

  it('a bad computer is refused with what the game takes; nothing starts', async () => {
    const { control: c, plans } = control();
    expect(await c.newMatch({ computer: 'dark:3' })).toEqual({
      ok: false,
      error: "computer takes white|black[:LEVEL] or off, LEVEL 1 to 10 (a side of Senryaku), got 'dark:3'",
    });
    expect(await c.newMatch({ computer: 5 })).toMatchObject({ ok: false, error: 'computer is a string, got 5' });
    expect(plans).toEqual([]);
  });

  it('hint: answered by the hint giver; a field is refused; without one, refused', async () => {
    const fake = fakeHost(false);
    const given = new HostControl({
      host: fake.host,
      game,
      file: file.value,
      options: {},
      hints: { hint: async () => ok({ side: 'white', player: 'A', move: 'e1-e2', count: 1 }) },
    });
    expect(await given.hint({})).toEqual({ ok: true, value: { side: 'white', player: 'A', move: 'e1-e2', count: 1 } });
    expect(await given.hint({ side: 'black' })).toEqual({ ok: false, error: "hint: unknown field 'side' (it takes none)" });
    const none = new HostControl({ host: fake.host, game, file: file.value, options: {} });
    expect(await none.hint({})).toEqual({ ok: false, error: 'no engine answers hints here' });
  });
});
