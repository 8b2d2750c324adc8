/**
 * The engine's search thread (a worker_threads worker, started by WorkerSearchRunner): it finds
 * the game's engine in the registry, on the board it was given (else the reference board), keeps
 * one Searcher (its transposition table lives from one move to the next of a game), and runs each
 * search it is sent (the positions its moves passed through are the search's history), posting
 * its `info` as each depth completes. The main thread stops a search through the shared flag, which the search
 * polls (`shouldStop`); the clock is this thread's performance.now.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Searcher } from '../../engine/search.ts';
import type { EngineGame } from '../../engine/types.ts';
import { rulesetById } from '../../games/registry.ts';
import { engineOnBoard } from '../../rulesets/engine-on-board.ts';
import { err, type Result } from '../../util/result.ts';
import { loadWithHistory } from './board-history.ts';
import type { FromSearchWorker, SearchWorkerData, ToSearchWorker } from './search-messages.ts';

const port = parentPort!;
const data = workerData as SearchWorkerData;
const post = (message: FromSearchWorker) => port.postMessage(message);
const stop = new Int32Array(data.stop);

const game = engineOf(data);
if (!game.ok) {
  post({ type: 'unable', message: game.error });
  port.close();
} else {
  const searcher = new Searcher();
  port.on('message', (message: ToSearchWorker) => {
    if (message.type === 'new-game') return searcher.newGame();
    const { id } = message;
    const loaded = loadWithHistory(game.value, message.position, message.moves);
    if (!loaded.ok) return post({ type: 'failed', id, message: `${loaded.error.code}: ${loaded.error.message}` });
    try {
      const outcome = searcher.search(game.value, loaded.value.board, message.limits, {
        history: loaded.value.history,
        level: message.level,
        seed: message.seed,
        now: () => performance.now(),
        shouldStop: () => Atomics.load(stop, 0) !== 0,
        onInfo: (info) => post({ type: 'info', id, info }),
      });
      post({ type: 'done', id, outcome });
    } catch (e) {
      // A bug in a game's engine or the search: said as a failure, not a dead thread's silence.
      post({ type: 'failed', id, message: e instanceof Error ? e.message : String(e) });
    }
  });
  post({ type: 'ready' });
}

function engineOf({ rules, profile }: SearchWorkerData): Result<EngineGame, string> {
  const ruleset = rulesetById(rules);
  if (!ruleset.ok) return err(ruleset.error.message);
  if (ruleset.value.engine === undefined) return err(`${ruleset.value.name} has no engine`);
  return engineOnBoard(ruleset.value, profile);
}
