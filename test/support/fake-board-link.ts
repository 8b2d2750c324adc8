/**
 * A BoardLink driven by hand, for tests of the layers above the link: the test decides
 * the state, emits frames and tilt events, and scripts the answers to commands.
 */
import { ok } from '../../src/util/result.ts';
import type { Frame, Hello, TiltEvent } from '../../src/protocol/index.ts';
import type {
  BoardLink,
  BoardLinkEvent,
  BoardLinkEvents,
  CommandResult,
  GapNotice,
  LinkCommand,
  LinkError,
  LinkState,
  Listener,
  RawLine,
  RebootNotice,
} from '../../src/hardware/link/board-link.ts';
import { copyCounters, emptyCounters, type LinkCounters } from '../../src/hardware/link/counters.ts';
import { TypedEmitter } from '../../src/hardware/link/typed-emitter.ts';

export const FAKE_HELLO: Hello = Object.freeze({
  type: 'hello',
  seq: 0,
  protocolVersion: 1,
  firmwareVersion: 'fake-1.0.0',
  boardId: 0x2a,
  bootId: 0xdeadbeef,
  wellCells: 42,
  pivotCells: 2,
  sampleRateHz: 80,
  tiltFitted: Object.freeze({ white: true, black: true }),
  ledCount: 42,
});

export interface FakeBoardLinkOptions {
  readonly hello?: Hello;
  /** Become `ready` as soon as start() is called (default true). */
  readonly readyOnStart?: boolean;
}

export class FakeBoardLink implements BoardLink {
  readonly #events = new TypedEmitter<BoardLinkEvents>((e) => {
    throw e;
  });
  readonly #counters: LinkCounters = emptyCounters();
  readonly #readyOnStart: boolean;
  #state: LinkState = 'stopped';
  #hello: Hello;
  #connected = false;
  /** Every command the code under test sent, in order. */
  readonly commands: LinkCommand[] = [];
  /** Decides each command's answer; ACK by default. */
  answer: (command: LinkCommand) => CommandResult | Promise<CommandResult> = () => ok({ commandId: 0, attempts: 1 });
  started = 0;
  stopped = 0;

  constructor(options: FakeBoardLinkOptions = {}) {
    this.#hello = options.hello ?? FAKE_HELLO;
    this.#readyOnStart = options.readyOnStart ?? true;
  }

  get state(): LinkState {
    return this.#state;
  }

  get hello(): Hello | undefined {
    return this.#connected ? this.#hello : undefined;
  }

  on<E extends BoardLinkEvent>(event: E, listener: Listener<E>): () => void {
    return this.#events.on(event, listener);
  }

  off<E extends BoardLinkEvent>(event: E, listener: Listener<E>): void {
    this.#events.off(event, listener);
  }

  start(): void {
    this.started++;
    this.setState('connecting');
    if (this.#readyOnStart) this.becomeReady();
  }

  async stop(): Promise<void> {
    this.stopped++;
    this.#connected = false;
    this.setState('stopped');
  }

  async command(command: LinkCommand): Promise<CommandResult> {
    this.commands.push(command);
    if (this.#state !== 'ready' && this.#state !== 'stalled') {
      return { ok: false, error: { code: 'NOTREADY', message: `link is ${this.#state}` } };
    }
    this.#counters.commandsSent++;
    return this.answer(command);
  }

  counters(): LinkCounters {
    return copyCounters(this.#counters);
  }

  /** Direct access for tests that want to show link health. */
  get mutableCounters(): LinkCounters {
    return this.#counters;
  }

  // ---- driving the fake ----------------------------------------------------------

  becomeReady(hello: Hello = this.#hello): void {
    this.#hello = hello;
    this.#connected = true;
    this.#state = 'ready';
    this.#events.emit('state', { state: 'ready', hello });
  }

  setState(state: Exclude<LinkState, 'ready' | 'failed'>, reason?: string): void {
    this.#state = state;
    this.#events.emit('state', reason === undefined ? { state } : { state, reason });
  }

  fail(message: string): void {
    this.#state = 'failed';
    this.#events.emit('state', { state: 'failed', message });
  }

  emitFrame(frame: Frame): void {
    this.#counters.frames++;
    this.#events.emit('frame', frame);
  }

  emitTilt(tilt: TiltEvent): void {
    this.#events.emit('tilt', tilt);
  }

  emitError(error: LinkError): void {
    this.#events.emit('error', error);
  }

  emitGap(gap: GapNotice): void {
    this.#counters.gaps++;
    this.#events.emit('gap', gap);
  }

  emitReboot(notice: RebootNotice): void {
    this.#counters.reboots++;
    this.#events.emit('reboot', notice);
  }

  emitReconnected(): void {
    this.#counters.reconnects++;
    this.#events.emit('reconnected', this.#hello);
  }

  emitLine(line: RawLine): void {
    this.#events.emit('line', line);
  }
}
