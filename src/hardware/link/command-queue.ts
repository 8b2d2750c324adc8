/**
 * Commands waiting for their ACK / NAK (PROTOCOL.md section 5): at most `maxInFlight`
 * unanswered (the board's 64-byte receive ring holds two), each re-sent under a new
 * sequence number after `retryMs` without an answer, and failed after `maxAttempts`
 * sends. v1 commands are idempotent, so an answer to any earlier attempt also counts.
 */
import { err, ok } from '../../util/result.ts';
import { realScheduler, type Scheduler, type TimerHandle } from '../../util/scheduler.ts';
import type { Ack, Nak } from '../../protocol/index.ts';
import type { CommandFailure, CommandResult, LinkCommand } from './board-link.ts';

export interface CommandQueueOptions {
  /** Writes the command; returns the sequence number it went out with. */
  readonly send: (command: LinkCommand) => number;
  readonly retryMs: number;
  readonly maxAttempts: number;
  readonly maxInFlight: number;
  readonly onRetry?: () => void;
  readonly onFailure?: (failure: CommandFailure) => void;
  /** Whose timers time the answers (default the real clock). */
  readonly scheduler?: Scheduler;
}

interface Entry {
  readonly command: LinkCommand;
  readonly resolve: (result: CommandResult) => void;
  /** Every sequence number this command was sent under. */
  readonly ids: number[];
  timer: TimerHandle | undefined;
}

export class CommandQueue {
  readonly #options: CommandQueueOptions;
  readonly #waiting: Entry[] = [];
  readonly #inFlight: Entry[] = [];

  constructor(options: CommandQueueOptions) {
    this.#options = options;
  }

  get inFlight(): number {
    return this.#inFlight.length;
  }

  submit(command: LinkCommand): Promise<CommandResult> {
    return new Promise((resolve) => {
      this.#waiting.push({ command, resolve, ids: [], timer: undefined });
      this.#pump();
    });
  }

  /** Matches an ACK / NAK to its command; false when nobody waits for it (late or foreign). */
  answer(reply: Ack | Nak): boolean {
    const entry = this.#inFlight.find((e) => e.ids.includes(reply.commandId));
    if (!entry) return false;
    if (reply.type === 'ack') this.#settle(entry, ok({ commandId: reply.commandId, attempts: entry.ids.length }));
    else {
      this.#settle(
        entry,
        err({
          code: 'NAK',
          boardCode: reply.code,
          message: `board refused ${entry.command.type.toUpperCase()}: ${reply.code}`,
        }),
      );
    }
    return true;
  }

  /** Fails everything, in flight or waiting (port lost, link stopped). */
  failAll(failure: CommandFailure): void {
    for (const entry of [...this.#inFlight, ...this.#waiting]) this.#settle(entry, err(failure), false);
  }

  #pump(): void {
    while (this.#inFlight.length < this.#options.maxInFlight) {
      const next = this.#waiting.shift();
      if (!next) return;
      this.#inFlight.push(next);
      this.#attempt(next);
    }
  }

  #attempt(entry: Entry): void {
    if (entry.ids.length > 0) this.#options.onRetry?.();
    entry.ids.push(this.#options.send(entry.command));
    entry.timer = (this.#options.scheduler ?? realScheduler).setTimeout(() => {
      entry.timer = undefined;
      if (entry.ids.length < this.#options.maxAttempts) this.#attempt(entry);
      else {
        this.#settle(
          entry,
          err({
            code: 'TIMEOUT',
            message: `no answer to ${entry.command.type.toUpperCase()} after ${entry.ids.length} tries`,
          }),
        );
      }
    }, this.#options.retryMs);
  }

  #settle(entry: Entry, result: CommandResult, pump = true): void {
    (this.#options.scheduler ?? realScheduler).clear(entry.timer);
    entry.timer = undefined;
    for (const list of [this.#inFlight, this.#waiting]) {
      const i = list.indexOf(entry);
      if (i >= 0) list.splice(i, 1);
    }
    if (!result.ok) this.#options.onFailure?.(result.error);
    entry.resolve(result);
    if (pump) this.#pump();
  }
}
