/**
 * The search in a worker thread (search-worker.ts), so the engine's main thread hears `stop`
 * and `isready` while a search runs: jobs go as messages, `info` and the outcome come back as
 * messages, and `stop` is a flag in shared memory (Atomics) that the search polls, since a
 * message would only be read once the search is over.
 *
 * The worker's entry is the sibling module of this one: from the sources (tsx, the tests) it
 * is search-worker.ts with tsx's loader registered in the worker first (a worker does not
 * inherit a loader registered in code); from the build it is dist/app/engine/search-worker.js,
 * compiled beside this module (the bundle keeps this module's own URL: scripts/build-cli.mjs).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SearchInfo, SearchOutcome } from '../../engine/types.ts';
import { err, ok, type Result } from '../../util/result.ts';
import type { FromSearchWorker, SearchWorkerData, ToSearchWorker } from './search-messages.ts';
import type { RunningSearch, SearchFailure, SearchJob, SearchRunner } from './search-runner.ts';

interface Current {
  readonly id: number;
  readonly onInfo: (info: SearchInfo) => void;
  readonly settle: (outcome: Result<SearchOutcome, SearchFailure>) => void;
}

const failure = (message: string): SearchFailure => ({ code: 'SearchFailed', message });

export class WorkerSearchRunner implements SearchRunner {
  readonly #rules: string;
  readonly #profile: unknown;
  readonly #stopFlag = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  #worker: Worker | undefined;
  #ready: Promise<Result<void, SearchFailure>> | undefined;
  #current: Current | undefined;
  #nextId = 1;
  /** Why the worker can no longer search (it ended, failed, or was stopped). */
  #dead: string | undefined;
  #died: (why: string) => void = () => {};

  /**
   * `rules`: the game's id (its descriptor has an engine); `profile`: the board it plays on, as
   * a journal header keeps it (what crashes there, for a game with physics), else the reference board.
   */
  constructor(rules: string, profile?: unknown) {
    this.#rules = rules;
    this.#profile = profile;
  }

  start(): Promise<Result<void, SearchFailure>> {
    this.#ready ??= new Promise((resolve) => {
      const worker = searchWorker({
        rules: this.#rules,
        ...(this.#profile !== undefined ? { profile: this.#profile } : {}),
        stop: this.#stopFlag.buffer,
      });
      this.#worker = worker;
      this.#died = (why) => {
        if (this.#dead !== undefined) return;
        this.#dead = why;
        resolve(err(failure(why)));
        this.#current?.settle(err(failure(why)));
        this.#current = undefined;
      };
      worker.on('message', (message: FromSearchWorker) => {
        if (message.type === 'ready') return resolve(ok(undefined));
        if (message.type === 'unable') return this.#died(message.message);
        const current = this.#current;
        if (current?.id !== message.id) return;
        if (message.type === 'info') return current.onInfo(message.info);
        this.#current = undefined;
        current.settle(message.type === 'done' ? ok(message.outcome) : err(failure(`the search failed: ${message.message}`)));
      });
      worker.on('error', (e) => this.#died(`the search thread failed: ${e.message}`));
      worker.on('exit', (code) => this.#died(`the search thread ended (exit code ${code})`));
    });
    return this.#ready;
  }

  search(job: SearchJob, onInfo: (info: SearchInfo) => void): RunningSearch {
    const worker = this.#worker;
    if (worker === undefined) throw new Error('WorkerSearchRunner.search before start');
    if (this.#current !== undefined) throw new Error('WorkerSearchRunner.search while a search runs');
    if (this.#dead !== undefined) return { stop: () => {}, done: Promise.resolve(err(failure(this.#dead))) };
    const id = this.#nextId++;
    Atomics.store(this.#stopFlag, 0, 0);
    const done = new Promise<Result<SearchOutcome, SearchFailure>>((settle) => (this.#current = { id, onInfo, settle }));
    worker.postMessage({ type: 'search', id, ...job } satisfies ToSearchWorker);
    return {
      // Only this search's stop: the flag is cleared again when the next one starts.
      stop: () => {
        if (this.#current?.id === id) Atomics.store(this.#stopFlag, 0, 1);
      },
      done,
    };
  }

  newGame(): void {
    if (this.#dead === undefined) this.#worker?.postMessage({ type: 'new-game' } satisfies ToSearchWorker);
  }

  async stop(): Promise<void> {
    const worker = this.#worker;
    this.#died('the search was stopped');
    if (worker !== undefined) await worker.terminate();
  }
}

/** The worker, from the sources or from the build, whichever this module runs from. */
function searchWorker(data: SearchWorkerData): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(`./search-worker.${fromSources ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSources) return new Worker(entry, { workerData: data });
  const boot = `import(${JSON.stringify(tsxApi())}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, workerData: data });
}

/**
 * The URL of tsx's ES module API, found from this module as `import 'tsx/esm/api'` would find it:
 * through tsx's package exports: vitest's modules lack Node's own resolver for ES modules, and
 * require.resolve gives the CommonJS API, whose register() fails in a worker.
 */
function tsxApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: { './esm/api': { import: { default: string } } } };
  return new URL(pkg.exports['./esm/api'].import.default, pathToFileURL(manifest)).href;
}
