// Opening a simulated board for a game: each game's board is a board of its own, on its
// reference profile (a file, or the profile the game generates) unless --profile names one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../src/app/open-board.ts';
import { loadSessionProfile, referenceProfilePath } from '../../src/app/board-check.ts';
import type { Ruleset } from '../../src/rulesets/ruleset.ts';
import { SENRYAKU } from '../../src/games/senryaku/index.ts';
import { SURAKARTA } from '../../src/games/surakarta/index.ts';

describe('openBoard --sim for a game', () => {
  it("gives each game's simulated board its own id at the same seed (so its own stored calibration), the same id at every opening", async () => {
    const ids: Record<string, number> = {};
    for (const ruleset of [SENRYAKU, SURAKARTA, SURAKARTA]) {
      const opened = await openBoard({ sim: true, seed: '1' }, { ruleset });
      if (!opened.ok) throw new Error(opened.error.message);
      const { sim, hardware } = opened.value;
      if (ruleset === SURAKARTA) expect(hardware.grid).toEqual({ files: 6, ranks: 6 });
      if (ids[ruleset.id] !== undefined) expect(sim?.boardId).toBe(ids[ruleset.id]);
      ids[ruleset.id] = sim!.boardId;
      await opened.value.close();
    }
    expect(ids.senryaku).not.toBe(ids.surakarta);
  });
});

describe('the board profile of a session', () => {
  const file = referenceProfilePath(SURAKARTA);
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  /** Surakarta as a game that ships no profile file: it generates the same profile. */
  const generating: Ruleset = { ...SURAKARTA, referenceProfileFile: undefined, referenceProfile: json };

  it("is the game's reference board unless --profile names a file: its file, or the profile it generates, read alike", () => {
    const fromFile = loadSessionProfile(undefined, SURAKARTA);
    expect(fromFile).toMatchObject({ ok: true, value: { name: 'surakarta-mega-2560', mapped: true } });
    expect(loadSessionProfile(undefined, generating)).toEqual(fromFile);
    expect(loadSessionProfile(file, generating)).toEqual(fromFile);
    expect(() => referenceProfilePath(generating)).toThrow(TypeError);
  });

  it('says so when the generated profile is no profile of its game', () => {
    const bad: Ruleset = { ...generating, referenceProfile: { ...json, grid: { files: 7, ranks: 7 } } };
    expect(loadSessionProfile(undefined, bad)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^the reference profile Surakarta generates is invalid: /),
    });
  });

  it('opens a simulated board on a generated profile', async () => {
    const opened = await openBoard({ sim: true, seed: '1' }, { ruleset: generating });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.file.name).toBe('surakarta-mega-2560');
    await opened.value.close();
  });
});
