// Opening a simulated board for a game: each game's board is a board of its own.
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../src/app/open-board.ts';
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
