/**
 * Senryaku's engine on a session's board (`SENRYAKU.engineOn`): what crashes, and so what it
 * plays and how it scores a position, is that board's, as the referee judges it there.
 */
import { describe, expect, it } from 'vitest';
import { search } from '../../../src/engine/search.ts';
import type { EngineGame } from '../../../src/engine/types.ts';
import { SENRYAKU_ENGINE } from '../../../src/games/senryaku/engine/engine-game.ts';
import { SENRYAKU } from '../../../src/games/senryaku/index.ts';
import { CAPTURE_OR_CRASH, LIGHT_PROFILE, REFERENCE_PROFILE } from './light-board.ts';

const engineOn = (profile: unknown): EngineGame => {
  if (SENRYAKU.engine === undefined) throw new Error('Senryaku has no engine');
  const engine = SENRYAKU.engineOn(profile);
  if (!engine.ok) throw new Error(engine.error);
  return engine.value;
};
const outcomeOf = (profile: unknown): string | undefined => {
  const tools = SENRYAKU.position(CAPTURE_OR_CRASH.position, profile);
  if (!tools.ok) throw new Error(tools.error.message);
  return tools.value.moves().find((m) => m.notation === CAPTURE_OR_CRASH.move)?.outcome;
};
const bestOn = (engine: EngineGame, depth: number, seed = 1) => {
  const board = engine.load(CAPTURE_OR_CRASH.position, []);
  if (!board.ok) throw new Error(board.error.message);
  return search(engine, board.value, { depth }, { level: 10, seed, now: () => 0 });
};

describe("Senryaku's engine on a session's board", () => {
  it('the referee judges the capture a win on the reference board and a crash on the light one', () => {
    expect(outcomeOf(REFERENCE_PROFILE)).toBe('capture: white wins');
    expect(outcomeOf(LIGHT_PROFILE)).toMatch(/^crash at lift-captured .*white loses/);
  });

  it('plays the capture on the reference board and never on the light board', () => {
    expect(bestOn(engineOn(REFERENCE_PROFILE), 2).bestMove).toBe(CAPTURE_OR_CRASH.move);
    for (const depth of [1, 2, 3])
      for (const seed of [1, 2, 3]) {
        const onLight = bestOn(engineOn(LIGHT_PROFILE), depth, seed);
        expect(onLight.bestMove).toBeDefined();
        expect(onLight.bestMove).not.toBe(CAPTURE_OR_CRASH.move);
      }
  });

  it("weighs the tip margins of the light board: White's margin is spent sooner there", () => {
    const evaluation = (profile: unknown): number => {
      const board = engineOn(profile).load('1bB2b1/b1b1bb1/7/6w/wwW1w2/w4w1 w f1 f5', []);
      if (!board.ok) throw new Error(board.error.message);
      return board.value.evaluate();
    };
    expect(evaluation(LIGHT_PROFILE)).toBeLessThan(evaluation(REFERENCE_PROFILE));
  });

  it("the reference board's profile plays as the descriptor's engine; a bad profile is refused", () => {
    const viaProfile = bestOn(engineOn(REFERENCE_PROFILE), 3);
    const viaDefault = bestOn(SENRYAKU_ENGINE, 3);
    expect(viaProfile.bestMove).toBe(viaDefault.bestMove);
    expect(viaProfile.info.score).toEqual(viaDefault.info.score);
    expect(SENRYAKU.engineOn?.({ boardMass: 'heavy' })).toEqual({ ok: false, error: 'board profile: boardMass must be a number' });
  });
});
