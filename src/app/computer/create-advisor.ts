/**
 * The run's advisor: the program `--engine CMD` names, driven over the engine protocol, or
 * else the project's own engine for the game in a worker thread. Why a thread rather than
 * `senryaku engine` as a child process: the same search off the event loop, without a second
 * Node process to start (its modules loaded again, a second or more on a busy board computer)
 * and without a protocol between the referee and its own engine; a program of another's is
 * what the protocol is for.
 */
import type { Ruleset } from '../../rulesets/ruleset.ts';
import { err, ok } from '../../util/result.ts';
import { EngineClient } from '../engine/engine-client.ts';
import { WorkerSearchRunner } from '../engine/worker-search-runner.ts';
import type { Advisor } from './advisor.ts';
import { OwnEngineAdvisor } from './own-engine-advisor.ts';
import { ProgramAdvisor } from './program-advisor.ts';

/**
 * Undefined: the game has no engine of its own and no program was named. `profile`: the run's
 * board, as the journal header keeps it (undefined: the game's reference board): the own engine
 * plays on it, and a program's move is checked on it; a program itself cannot be told the board
 * (the protocol has no word for it), so on a board unlike the reference one its moves may crash.
 */
export function createAdvisor(game: Ruleset, profile: unknown, engine: string | undefined, seed: number): Advisor | undefined {
  if (engine !== undefined) {
    const client = new EngineClient({
      command: engine,
      rules: game.id,
      seed,
      checkMove: (position, _moves, move) => {
        const tools = game.position(position, profile);
        if (!tools.ok) return err(`the position does not parse: ${tools.error.message}`);
        return tools.value.moves().some((m) => m.notation === move) ? ok(undefined) : err('not a legal move there');
      },
    });
    return new ProgramAdvisor(client, engine);
  }
  return game.engine === undefined ? undefined : new OwnEngineAdvisor(new WorkerSearchRunner(game.id, profile), seed);
}
