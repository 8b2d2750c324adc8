// Breakthrough's descriptor: found in the registry by its id, its rules tools, the reference
// board profile it generates (read as a profile file would be, and from a journal header), the
// header settings a journal keeps, its own match option (first-to) from a command line and
// from a settings file, and the drawing of its board.
import { describe, expect, it } from 'vitest';
import { loadSessionProfile } from '../../../src/app/board-check.ts';
import { BREAKTHROUGH_DRAWING } from '../../../src/games/breakthrough/drawing.ts';
import { BREAKTHROUGH, breakthroughSettingsJson, parseBreakthroughSettings } from '../../../src/games/breakthrough/index.ts';
import { DEFAULT_BREAKTHROUGH_SETTINGS } from '../../../src/games/breakthrough/referee.ts';
import { REFERENCE_PROFILE } from '../../../src/games/breakthrough/board.ts';
import { PIECE_CHARS, SIDES } from '../../../src/games/breakthrough/rules/index.ts';
import { BUILT_IN_RULESETS, rulesetById } from '../../../src/games/registry.ts';
import { formatSettingsProblems } from '../../../src/rulesets/match-options.ts';
import { parseMatchOptions } from '../../../src/rulesets/parse-match-options.ts';
import { effectiveSettings, settingsAsFlags, validateSettings } from '../../../src/settings/index.ts';
import { position } from './driver.ts';

describe('Breakthrough in the registry', () => {
  it('is found by its id, a game among the others', () => {
    expect(BUILT_IN_RULESETS.ids).toContain('breakthrough');
    expect(rulesetById('breakthrough')).toMatchObject({ ok: true, value: { name: 'Breakthrough', board: { files: 6, ranks: 6 } } });
  });
});

describe('Breakthrough descriptor', () => {
  it('gives the rules tools of a position: perft, divide, moves with their outcome', () => {
    const start = BREAKTHROUGH.position(BREAKTHROUGH.startPosition);
    if (!start.ok) throw new Error(start.error.message);
    expect([1, 2, 3].map((d) => start.value.perft(d))).toEqual([16, 256, 4308]);
    expect(start.value.divide(2).reduce((n, l) => n + l.count, 0)).toBe(256);
    expect(start.value.moves()).toHaveLength(16);
    const near = BREAKTHROUGH.position(' 6/2w3/1b4/6/6/6 w ');
    if (!near.ok) throw new Error(near.error.message);
    expect(near.value.moves()).toContainEqual({ notation: 'c5-c6', outcome: 'white wins (breakthrough)' });
    const over = BREAKTHROUGH.position('2w3/6/6/6/3b2/6 b');
    if (!over.ok) throw new Error(over.error.message);
    expect(over.value.moves()).toEqual([]);
    expect(over.value.noMoveText).toBe('no legal move: the game is over, white won (breakthrough)');
    expect(BREAKTHROUGH.position('bbbbbb/6 w')).toMatchObject({ ok: false, error: { code: 'WrongRankCount' } });
  });

  it('generates its reference board: 36 mapped square cells, no pivots, no tilt switches, 40 g pieces', () => {
    expect(BREAKTHROUGH.referenceProfileFile).toBeUndefined();
    const file = loadSessionProfile(undefined, BREAKTHROUGH);
    if (!file.ok) throw new Error(file.error);
    expect(file.value).toMatchObject({
      name: 'breakthrough-mega-2560',
      mapped: true,
      lightestPieceG: 40,
      boardOnPivotsG: undefined,
      pivotHalfGap: 0,
      sim: { pieces: 'wb', physics: { sphereMass: { w: 40, b: 40 } } },
    });
    expect(file.value.hardware.grid).toEqual({ files: 6, ranks: 6 });
    expect(file.value.hardware.cells.pivots).toEqual([]);
    // What a journal keeps is plain JSON, read back the same.
    expect(JSON.parse(JSON.stringify(file.value.profile))).toEqual(REFERENCE_PROFILE);
    expect(BREAKTHROUGH.boardProfile(JSON.parse(JSON.stringify(REFERENCE_PROFILE))).ok).toBe(true);
  });

  it.each([
    [{ grid: { files: 7, ranks: 6 } }, /must name 42 wells, got 36/],
    [{ masses: { unit: 'lb', pieces: { w: 40, b: 40 } } }, /masses\.unit: must be "g" or "kg"/],
    [{ masses: { unit: 'g', pieces: { w: 40 } } }, /masses\.pieces\.b: the mass of a 'b' piece/],
  ])('refuses a profile that is no Breakthrough board: %j', (bad, message) => {
    const profile = { ...REFERENCE_PROFILE, ...bad };
    expect(BREAKTHROUGH.profileFile(profile)).toMatchObject({ ok: false, error: expect.stringMatching(message) });
    expect(BREAKTHROUGH.referee.fromJson(breakthroughSettingsJson(DEFAULT_BREAKTHROUGH_SETTINGS), profile)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^profile: /),
    });
  });

  it('writes its referee settings into a header and reads them back as they were', () => {
    const settings = {
      ...DEFAULT_BREAKTHROUGH_SETTINGS,
      policy: 'tournament' as const,
      firstTo: 5,
      holdingGraceMs: 1500,
      firstPosition: position('6/2w3/1b4/6/6/6 w'),
    };
    const json = JSON.parse(JSON.stringify(breakthroughSettingsJson(settings))) as Record<string, unknown>;
    expect(json).toEqual({ policy: 'tournament', firstTo: 5, holdingGraceMs: 1500, firstPosition: '6/2w3/1b4/6/6/6 w' });
    expect(parseBreakthroughSettings(json as never)).toEqual({ ok: true, value: settings });
    expect(BREAKTHROUGH.referee.fromJson(json as never, REFERENCE_PROFILE)).toMatchObject({ ok: true, value: { ruleset: 'breakthrough' } });
  });

  it.each([
    [{ policy: 'strict' }, /settings.policy must be one of casual, tournament/],
    [{ firstTo: 0 }, /settings.firstTo must be a whole number from 1 to 99/],
    [{ firstTo: '3' }, /settings.firstTo/],
    [{ holdingGraceMs: -1 }, /holdingGraceMs must be a number of ms >= 0/],
    [{ firstPosition: 42 }, /firstPosition is not a valid position/],
  ])('refuses bad header settings %j', (bad, message) => {
    const json = { ...breakthroughSettingsJson(DEFAULT_BREAKTHROUGH_SETTINGS), ...bad };
    expect(BREAKTHROUGH.referee.fromJson(json, REFERENCE_PROFILE)).toMatchObject({ ok: false, error: expect.stringMatching(message) });
  });
});

describe('Breakthrough match options', () => {
  it('first to 2 by default; --first-to N and game 1 from a position', () => {
    expect(parseMatchOptions({ rules: 'breakthrough' }, BUILT_IN_RULESETS)).toMatchObject({
      ok: true,
      value: { ruleset: 'breakthrough', policy: 'casual', plan: { firstTo: 2 } },
    });
    const r = parseMatchOptions({ rules: 'breakthrough', 'first-to': '3', position: '6/2w3/1b4/6/6/6 w' }, BUILT_IN_RULESETS);
    expect(r).toMatchObject({ ok: true, value: { plan: { firstTo: 3, firstPosition: { turn: 'white' } } } });
  });

  it("refuses a bad --first-to, a bad position and another game's options, each named", () => {
    const r = parseMatchOptions({ rules: 'breakthrough', 'first-to': '100', position: 'x', track: '6' }, BUILT_IN_RULESETS);
    expect(!r.ok && formatSettingsProblems(r.error)).toBe(
      '--track is for Senryaku; a Breakthrough match takes --first-to N; ' +
        "--first-to must be a whole number from 1 to 99, got '100'; " +
        '--position is not a valid Breakthrough position: a position has 2 fields separated by one space (board, side to move); got 1 [WrongFieldCount]',
    );
    const other = parseMatchOptions({ rules: 'surakarta', 'first-to': '3' }, BUILT_IN_RULESETS);
    expect(!other.ok && other.error.map((p) => p.message)).toEqual([
      'first-to is for Breakthrough; a Surakarta match takes --match games:N|points:N',
    ]);
  });

  it('is `match.firstTo` in a settings file, and the flag --first-to on the command line', () => {
    expect(validateSettings({ rules: 'breakthrough', match: { firstTo: 3 } })).toMatchObject({ ok: true });
    expect(validateSettings({ rules: 'breakthrough', match: { firstTo: 0 } })).toMatchObject({
      ok: false,
      error: [expect.stringMatching(/^match\.firstTo: must be at least 1/)],
    });
    expect(validateSettings({ rules: 'senryaku', match: { firstTo: 3 } })).toMatchObject({
      ok: false,
      error: [expect.stringMatching(/^match\.firstTo: first-to is for Breakthrough/)],
    });
    const file = effectiveSettings({ rules: 'breakthrough', match: { firstTo: 4 } }, {});
    expect(file.ok && settingsAsFlags(file.value.settings)).toMatchObject({ rules: 'breakthrough', 'first-to': '4' });
    const flag = effectiveSettings({ rules: 'breakthrough' }, { 'first-to': '5' });
    expect(flag.ok && flag.value.settings.match).toMatchObject({ firstTo: 5 });
  });
});

describe('Breakthrough board drawing', () => {
  it('fits its board, names its sides in playing order and draws each piece of its notation', () => {
    expect({ files: BREAKTHROUGH_DRAWING.files, ranks: BREAKTHROUGH_DRAWING.ranks }).toEqual({ files: 6, ranks: 6 });
    expect(BREAKTHROUGH_DRAWING.sides.map((s) => s.id)).toEqual([...SIDES]);
    expect(BREAKTHROUGH_DRAWING.pieces.map((p) => [p.letter, p.side])).toEqual(PIECE_CHARS.map((c, i) => [c, SIDES[i]]));
    // 36 squares under the pieces, a1 (the near left, at the bottom of the drawing) dark.
    const squares = BREAKTHROUGH_DRAWING.underlay.filter((s) => s.class === 'square');
    expect(squares).toHaveLength(36);
    expect(squares[0]).toMatchObject({ x: 0, y: 500, paint: { fill: '#b58863' } });
    expect(squares[1]).toMatchObject({ x: 100, y: 500, paint: { fill: '#f0d9b5' } });
  });
});
