/**
 * The host side of protocol v1 over one serial port (PROTOCOL.md): handshake, sequence
 * accounting, commands with retries, a ping watchdog, and reconnects with exponential
 * backoff. Bad input from the board is counted and reported, never thrown.
 *
 * Lifecycle of one connection: open → wait for the boot HELLO (ask with a HELLO command
 * after `bootHelloWaitMs`) → RATE + START → `ready`. Any port error or close, or a stall
 * that lasts too long, tears the connection down (`lost`) and schedules a new one. A
 * `generation` number makes callbacks of a torn-down connection harmless.
 *
 * What the board says about time and itself is a claim: a frame whose board time runs ahead
 * of the host's receive clock, or comes faster than the rate, is refused (FrameOrder), and a
 * HELLO that names another board than the one configured is refused until the board, asked
 * again, says the same (then another board is on the port). Each is counted and said.
 */
import type { SerialPortStream } from '@serialport/stream';
import {
  MAX_BOARD_LINE,
  SequenceTracker,
  BoardLineDecoder,
  DEFAULT_SAMPLE_RATE,
  formatHostCommand,
  nextSeq,
  openLine,
  type ErrorCode,
  type Frame,
  type Hello,
  type SampleRate,
} from '../../protocol/index.ts';
import type {
  BoardLink,
  BoardLinkEvent,
  BoardLinkEvents,
  CommandResult,
  LinkCommand,
  LinkState,
  LinkStateChange,
  Listener,
} from './board-link.ts';
import { BoundedLineParser } from './bounded-line-parser.ts';
import { CommandQueue } from './command-queue.ts';
import { bump, copyCounters, emptyCounters, type LinkCounters } from './counters.ts';
import { FrameOrder } from './frame-order.ts';
import { formatLead } from '../../protocol/board-time.ts';
import { DEFAULT_LINK_TIMING, type LinkTiming } from './link-timing.ts';
import { realScheduler, type Scheduler, type TimerHandle } from '../../util/scheduler.ts';
import type { PortOpener } from './port-opener.ts';
import { TypedEmitter } from './typed-emitter.ts';

/** Codes of the checks before the sequence number is trusted: such a line shows up later as a gap. */
const ENVELOPE_CODES: ReadonlySet<ErrorCode> = new Set(['TOOLONG', 'BADCHAR', 'NOCRC', 'BADCRC', 'BADSEQ']);

export interface SerialBoardLinkOptions {
  readonly open: PortOpener;
  /** Frame rate to configure after every handshake (DEFAULT_SAMPLE_RATE unless told). */
  readonly rateHz?: SampleRate;
  /** Send START after the handshake (default true). */
  readonly stream?: boolean;
  /** Timers (handshake, watchdog, reconnect, command retries) and the clock of receive times; the real ones by default. */
  readonly scheduler?: Scheduler;
  readonly timing?: Partial<LinkTiming>;
}

interface Connection {
  readonly generation: number;
  readonly stream: SerialPortStream;
  readonly parser: BoundedLineParser;
  readonly detach: () => void;
  /** HELLO of this connection, once seen. */
  hello: Hello | undefined;
  configured: boolean;
  hostSeq: number;
  lastRxAt: number;
  lastPingAt: number;
  /** Host time of the last frame of this connection (or of its configuration), while streaming is asked for. */
  lastFrameAt: number;
  /** When the link last asked for a HELLO because frames stopped while lines still came. */
  lastHelloAskAt: number;
  helloTimer: TimerHandle | undefined;
  handshakeTimer: TimerHandle | undefined;
  watchdog: TimerHandle | undefined;
}

export class SerialBoardLink implements BoardLink {
  readonly #open: PortOpener;
  readonly #rateHz: SampleRate;
  readonly #stream: boolean;
  readonly #timing: LinkTiming;
  readonly #events: TypedEmitter<BoardLinkEvents>;
  readonly #counters: LinkCounters = emptyCounters();
  readonly #sequence = new SequenceTracker();
  readonly #frameOrder: FrameOrder;
  /** Frames refused for their time, from the first until a quiet second: said at its start and end. */
  #clockEpisode: { firstAt: number; lastAt: number; ahead: number; soon: number } | undefined = undefined;
  /** The board the link was first configured for: a HELLO naming another one is refused once. */
  #boardHello: Hello | undefined = undefined;
  /** A contradicting HELLO refused, waiting for the board's answer to say it again. */
  #rivalHello: Hello | undefined = undefined;
  readonly #queue: CommandQueue;

  #state: LinkState = 'stopped';
  #running = false;
  #generation = 0;
  #connection: Connection | undefined = undefined;
  #reconnectTimer: TimerHandle | undefined = undefined;
  readonly #scheduler: Scheduler;
  #backoffMs: number;
  /** Last HELLO ever seen: survives reconnects, to tell a reboot or another board. */
  #lastHello: Hello | undefined = undefined;
  /** Every received line is decoded once, here; the decoded message travels on with the line. */
  readonly #decoder = new BoardLineDecoder();
  #lastFrameMs: number | undefined = undefined;
  #wasReady = false;
  #reportingListenerError = false;

  constructor(options: SerialBoardLinkOptions) {
    this.#open = options.open;
    this.#rateHz = options.rateHz ?? DEFAULT_SAMPLE_RATE;
    this.#frameOrder = new FrameOrder(1000 / this.#rateHz);
    this.#stream = options.stream ?? true;
    this.#scheduler = options.scheduler ?? realScheduler;
    this.#timing = { ...DEFAULT_LINK_TIMING, ...options.timing };
    this.#backoffMs = this.#timing.backoffInitialMs;
    this.#events = new TypedEmitter((e) => this.#reportListenerError(e));
    this.#queue = new CommandQueue({
      scheduler: this.#scheduler,
      send: (command) => this.#sendCommand(command),
      retryMs: this.#timing.commandRetryMs,
      maxAttempts: this.#timing.commandAttempts,
      maxInFlight: this.#timing.maxCommandsInFlight,
      onRetry: () => this.#counters.commandRetries++,
      onFailure: () => this.#counters.commandFailures++,
    });
  }

  get state(): LinkState {
    return this.#state;
  }

  get hello(): Hello | undefined {
    return this.#connection?.hello;
  }

  on<E extends BoardLinkEvent>(event: E, listener: Listener<E>): () => void {
    return this.#events.on(event, listener);
  }

  off<E extends BoardLinkEvent>(event: E, listener: Listener<E>): void {
    this.#events.off(event, listener);
  }

  counters(): LinkCounters {
    return copyCounters(this.#counters);
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#backoffMs = this.#timing.backoffInitialMs;
    void this.#connect();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#generation++;
    this.#scheduler.clear(this.#reconnectTimer);
    this.#reconnectTimer = undefined;
    const closing = this.#teardown();
    this.#queue.failAll({ code: 'STOPPED', message: 'the link was stopped' });
    this.#setState({ state: 'stopped' });
    await closing;
  }

  command(command: LinkCommand): Promise<CommandResult> {
    if (this.#state !== 'ready' && this.#state !== 'stalled') {
      this.#counters.commandFailures++;
      return Promise.resolve({ ok: false, error: { code: 'NOTREADY', message: `link is ${this.#state}` } });
    }
    return this.#queue.submit(command);
  }

  // ---- connection lifecycle -------------------------------------------------------

  async #connect(): Promise<void> {
    this.#reconnectTimer = undefined;
    const generation = ++this.#generation;
    this.#setState({ state: 'connecting' });
    let opened: Awaited<ReturnType<PortOpener>>;
    try {
      opened = await this.#open();
    } catch (e) {
      opened = { ok: false, error: { code: 'OPEN', message: (e as Error).message } };
    }
    if (generation !== this.#generation || !this.#running) {
      if (opened.ok && opened.value.stream.isOpen) opened.value.stream.close();
      return;
    }
    if (!opened.ok) {
      this.#events.emit('error', { source: 'port', code: opened.error.code, message: opened.error.message });
      this.#setState({ state: 'lost', reason: opened.error.message });
      this.#scheduleReconnect();
      return;
    }
    this.#attach(generation, opened.value.stream);
  }

  #attach(generation: number, stream: SerialPortStream): void {
    const parser = new BoundedLineParser({
      maxLineBytes: MAX_BOARD_LINE,
      onOversize: (droppedBytes) => {
        this.#counters.oversizeLines++;
        this.#events.emit('line', { direction: 'oversize', droppedBytes, atMs: this.#scheduler.now() });
        this.#events.emit('error', { source: 'parse', code: 'TOOLONG', message: `dropped a line of ${droppedBytes} bytes` });
      },
    });
    const onLine = (line: string): void => this.#onLine(generation, line);
    const onClose = (): void => this.#lose(generation, 'CLOSED', 'the port closed');
    const onError = (e: Error): void => this.#lose(generation, 'PORT', `port error: ${e.message}`);
    parser.on('data', onLine);
    stream.on('close', onClose);
    stream.on('error', onError);
    stream.pipe(parser);
    const now = this.#scheduler.now();
    const connection: Connection = {
      generation,
      stream,
      parser,
      detach: () => {
        stream.unpipe(parser);
        parser.off('data', onLine);
        stream.off('close', onClose);
        stream.off('error', onError);
        // Errors after detaching (a write to a dead port) must not crash the process.
        stream.on('error', () => undefined);
      },
      hello: undefined,
      configured: false,
      hostSeq: 0,
      lastRxAt: now,
      lastPingAt: now,
      lastFrameAt: now,
      lastHelloAskAt: now,
      helloTimer: undefined,
      handshakeTimer: undefined,
      watchdog: undefined,
    };
    this.#connection = connection;
    this.#sequence.reset();
    connection.helloTimer = this.#scheduler.setTimeout(() => {
      connection.helloTimer = undefined;
      if (!connection.hello) void this.#queue.submit({ type: 'hello' });
    }, this.#timing.bootHelloWaitMs);
    connection.handshakeTimer = this.#scheduler.setTimeout(() => {
      connection.handshakeTimer = undefined;
      const what = connection.hello ? 'the board did not accept its configuration' : 'no HELLO from the board';
      this.#events.emit('error', { source: 'handshake', code: 'HANDSHAKE_TIMEOUT', message: what });
      this.#lose(generation, 'HANDSHAKE_TIMEOUT', what);
    }, this.#timing.handshakeTimeoutMs);
    connection.watchdog = this.#scheduler.setInterval(() => this.#watch(connection), this.#timing.watchdogTickMs);
  }

  /** Stops timers, detaches and closes the port of the current connection. */
  #teardown(): Promise<void> {
    const c = this.#connection;
    this.#connection = undefined;
    if (!c) return Promise.resolve();
    for (const t of [c.helloTimer, c.handshakeTimer, c.watchdog]) this.#scheduler.clear(t);
    c.detach();
    c.parser.destroy();
    if (!c.stream.isOpen) return Promise.resolve();
    return new Promise((resolve) => c.stream.close(() => resolve()));
  }

  #lose(generation: number, code: string, reason: string): void {
    if (generation !== this.#generation || !this.#connection) return;
    this.#generation++;
    void this.#teardown();
    this.#queue.failAll({ code: 'LINKLOST', message: `link lost: ${reason}` });
    if (code !== 'HANDSHAKE_TIMEOUT') this.#events.emit('error', { source: 'port', code, message: reason });
    this.#setState({ state: 'lost', reason });
    this.#scheduleReconnect();
  }

  #fail(message: string): void {
    this.#running = false; // terminal until someone calls start() again
    this.#generation++;
    void this.#teardown();
    this.#queue.failAll({ code: 'LINKLOST', message });
    this.#setState({ state: 'failed', message });
  }

  #scheduleReconnect(): void {
    if (!this.#running) return;
    const delay = this.#backoffMs;
    this.#backoffMs = Math.min(this.#backoffMs * 2, this.#timing.backoffMaxMs);
    this.#reconnectTimer = this.#scheduler.setTimeout(() => void this.#connect(), delay);
  }

  // ---- receiving ------------------------------------------------------------------

  #onLine(generation: number, line: string): void {
    const c = this.#connection;
    if (!c || generation !== c.generation) return;
    c.lastRxAt = this.#scheduler.now();
    this.#counters.linesIn++;
    // No HELLO yet, so no cell count: a FRAME is from a stream an earlier session left running.
    const undecodable = this.#decoder.cellCount === undefined && line.startsWith('FRAME ');
    const decoded = undecodable ? undefined : this.#decoder.decode(line);
    this.#events.emit('line', { direction: 'in', line, atMs: c.lastRxAt, ...(decoded ? { decoded } : {}) });
    if (this.#state === 'stalled') this.#setReady(c);

    if (!decoded) {
      // Keep the sequence count straight all the same.
      const env = openLine(line, 'board-to-host');
      if (env.ok) this.#acceptSeq(env.value.seq);
      return;
    }
    const parsed = decoded;
    if (!parsed.ok) {
      this.#onBadLine(line, parsed.error.code, parsed.error.message);
      return;
    }
    const message = parsed.value;
    if (message.type === 'hello') {
      this.#onHello(c, message);
      return;
    }
    this.#acceptSeq(message.seq);
    switch (message.type) {
      case 'frame':
        this.#onFrame(c, message);
        return;
      case 'tilt':
        this.#events.emit('tilt', message);
        return;
      case 'ack':
      case 'nak':
        this.#queue.answer(message);
        return;
      case 'error':
        bump(this.#counters.boardErrors, message.code);
        this.#events.emit('error', {
          source: 'board',
          code: message.code,
          message: `board reports ${message.code}${message.arg === undefined ? '' : ` ${message.arg}`}`,
          ...(message.arg === undefined ? {} : { arg: message.arg }),
        });
        return;
    }
  }

  #onBadLine(line: string, code: ErrorCode, message: string): void {
    if (code === 'BADVERSION') {
      this.#fail(`incompatible board: ${message}`);
      return;
    }
    bump(this.#counters.parseErrors, code);
    if (code === 'BADCRC') this.#counters.crcErrors++;
    if (!ENVELOPE_CODES.has(code)) {
      // The envelope (CRC, seq) was fine, only the content was not: its seq still counts.
      const env = openLine(line, 'board-to-host');
      if (env.ok) this.#acceptSeq(env.value.seq);
    }
    this.#events.emit('error', { source: 'parse', code, message });
  }

  #acceptSeq(seq: number): void {
    const lost = this.#sequence.accept(seq);
    if (lost === 0) return;
    this.#counters.linesLost += lost;
    this.#counters.gaps++;
    this.#events.emit('gap', { reason: 'sequence', lostLines: lost, lastFrameMs: this.#lastFrameMs });
  }

  #onHello(c: Connection, hello: Hello): void {
    if (this.#contradicts(hello)) return;
    const previous = this.#lastHello;
    const rebooted = previous !== undefined && previous.bootId !== hello.bootId;
    const sameBootAgain = c.hello !== undefined && !rebooted;
    if (rebooted) this.#sequence.reset(); // a rebooted board counts from 0000 again
    this.#acceptSeq(hello.seq);
    this.#lastHello = hello;
    c.hello = hello;
    if (sameBootAgain) return; // the answer to our HELLO command, or a repeat: nothing changes
    if (rebooted) {
      this.#counters.reboots++;
      this.#events.emit('reboot', {
        previousBootId: previous.bootId,
        bootId: hello.bootId,
        boardChanged: previous.boardId !== hello.boardId,
        hello,
      });
    }
    if (c.configured) {
      // Rebooted under a running connection: streaming is off again, re-send the configuration.
      this.#events.emit('gap', { reason: 'reboot', lostLines: undefined, lastFrameMs: this.#lastFrameMs });
      c.configured = false;
    }
    this.#scheduler.clear(c.helloTimer);
    c.helloTimer = undefined;
    void this.#configure(c, rebooted);
  }

  /**
   * A HELLO naming another board than the one configured (board id, cell count): refused, its
   * frame size not taken, and the board asked for its HELLO again. Said again by the board,
   * it stands: another board is on the port (a reboot notice with `boardChanged` follows).
   */
  #contradicts(hello: Hello): boolean {
    const known = this.#boardHello;
    const differs = (a: Hello, b: Hello): boolean =>
      a.boardId !== b.boardId || a.wellCells !== b.wellCells || a.pivotCells !== b.pivotCells;
    if (!known || !differs(known, hello)) {
      this.#rivalHello = undefined;
      return false;
    }
    this.#counters.helloMismatches++;
    const claim = `board 0x${hello.boardId.toString(16)} with ${hello.wellCells} + ${hello.pivotCells} cells`;
    const board = `board 0x${known.boardId.toString(16)} with ${known.wellCells} + ${known.pivotCells} cells`;
    const rival = this.#rivalHello;
    if (rival && !differs(rival, hello) && rival.bootId === hello.bootId) {
      this.#rivalHello = undefined;
      this.#boardHello = hello;
      this.#events.emit('error', {
        source: 'handshake',
        code: 'HELLO_MISMATCH',
        message: `the board says again it is ${claim}: another board is on the port, configured for ${board} before`,
      });
      return false;
    }
    this.#rivalHello = hello;
    this.#decoder.noteHello(known); // frames keep the configured board's size
    this.#events.emit('error', {
      source: 'handshake',
      code: 'HELLO_MISMATCH',
      message: `a HELLO claims ${claim}, but the link is configured for ${board}: refused, asking the board again`,
    });
    void this.#queue.submit({ type: 'hello' });
    return true;
  }

  async #configure(c: Connection, rebooted: boolean): Promise<void> {
    const commands: Promise<CommandResult>[] = [this.#queue.submit({ type: 'rate', hz: this.#rateHz })];
    if (this.#stream) commands.push(this.#queue.submit({ type: 'start' }));
    const results = await Promise.all(commands);
    if (this.#connection !== c) return;
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) {
      this.#events.emit('error', { source: 'handshake', code: 'CONFIG', message: failed.error.message });
      if (failed.error.code !== 'LINKLOST') this.#lose(c.generation, 'CONFIG', failed.error.message);
      return;
    }
    const reconnect = !c.configured && this.#wasReady && this.#state !== 'ready' && this.#state !== 'stalled';
    c.configured = true;
    this.#boardHello ??= c.hello;
    c.lastFrameAt = this.#scheduler.now();
    this.#scheduler.clear(c.handshakeTimer);
    c.handshakeTimer = undefined;
    if (this.#state === 'ready') return; // re-configured after a reboot: still ready
    this.#backoffMs = this.#timing.backoffInitialMs;
    this.#setReady(c);
    if (reconnect && c.hello) {
      this.#counters.reconnects++;
      this.#events.emit('reconnected', c.hello);
      this.#events.emit('gap', { reason: rebooted ? 'reboot' : 'reconnect', lostLines: undefined, lastFrameMs: this.#lastFrameMs });
    }
    this.#wasReady = true;
  }

  #onFrame(c: Connection, frame: Frame): void {
    const bootId = c.hello?.bootId ?? this.#lastHello?.bootId ?? 0;
    const now = this.#scheduler.now();
    const fate = this.#frameOrder.admit(bootId, frame.ms, now);
    if (fate === 'old') {
      this.#counters.duplicateFrames++;
      return;
    }
    if (fate === 'ahead' || fate === 'soon') {
      this.#refusedForTime(fate, now);
      return;
    }
    if (fate === 'reanchored') {
      this.#counters.reanchors++;
      this.#events.emit('error', {
        source: 'clock',
        code: 'REANCHOR',
        message: `the board's time line changed and held against the host's clock for a second: following it from ${frame.ms} ms`,
      });
    }
    this.#endClockEpisode(now);
    this.#lastFrameMs = frame.ms;
    c.lastFrameAt = this.#scheduler.now();
    this.#counters.frames++;
    this.#events.emit('frame', frame);
  }

  /** A frame refused for its time: counted always, said when the episode starts. */
  #refusedForTime(fate: 'ahead' | 'soon', now: number): void {
    if (fate === 'ahead') this.#counters.clockRefused++;
    else this.#counters.rateLimited++;
    const e = this.#clockEpisode;
    if (e) {
      e.lastAt = now;
      if (fate === 'ahead') e.ahead++;
      else e.soon++;
      return;
    }
    this.#clockEpisode = { firstAt: now, lastAt: now, ahead: fate === 'ahead' ? 1 : 0, soon: fate === 'soon' ? 1 : 0 };
    this.#events.emit(
      'error',
      fate === 'ahead'
        ? {
            source: 'clock',
            code: 'CLOCK_AHEAD',
            message: `a frame's board time runs ${formatLead(this.#frameOrder.lastLeadMs)} ahead of the host's clock: refused`,
          }
        : { source: 'clock', code: 'FLOOD', message: `frames come faster than ${this.#rateHz} a second: the extra ones are dropped` },
    );
  }

  /** A frame delivered: an episode of refused frames quiet for a second is over, said with its count. */
  #endClockEpisode(now: number): void {
    const e = this.#clockEpisode;
    if (!e || now - e.lastAt < 1000) return;
    this.#clockEpisode = undefined;
    if (e.ahead + e.soon <= 1) return;
    this.#events.emit('error', {
      source: 'clock',
      code: e.ahead >= e.soon ? 'CLOCK_AHEAD' : 'FLOOD',
      message: `refused ${e.ahead} frames ahead of the host's clock and ${e.soon} faster than the rate in ${formatLead(e.lastAt - e.firstAt)}`,
    });
  }

  // ---- sending and the watchdog ---------------------------------------------------

  #sendCommand(command: LinkCommand): number {
    const c = this.#connection;
    if (!c) return 0; // no port: the command times out or is failed by the teardown
    const seq = c.hostSeq;
    c.hostSeq = nextSeq(seq);
    const line = formatHostCommand({ ...command, seq });
    c.stream.write(`${line}\r\n`, 'latin1');
    this.#counters.linesOut++;
    this.#counters.commandsSent++;
    this.#events.emit('line', { direction: 'out', line, atMs: this.#scheduler.now() });
    return seq;
  }

  #watch(c: Connection): void {
    if (this.#connection !== c || !c.configured) return;
    const now = this.#scheduler.now();
    const silentFor = now - c.lastRxAt;
    if (silentFor >= this.#timing.stallGiveUpMs) {
      this.#lose(c.generation, 'STALLED', `no line from the board for ${Math.round(silentFor)} ms`);
      return;
    }
    if (silentFor >= this.#timing.stallMs && this.#state === 'ready') {
      this.#setState({ state: 'stalled', reason: `no line from the board for ${Math.round(silentFor)} ms` });
    }
    if (silentFor >= this.#timing.pingIdleMs && now - c.lastPingAt >= this.#timing.pingIdleMs && this.#queue.inFlight === 0) {
      c.lastPingAt = now;
      void this.#queue.submit({ type: 'ping' });
    }
    // Lines come (pings are answered) but frames stopped: the board may have restarted with
    // its boot HELLO lost (a reset can tear the line being sent and glue the HELLO to it). Its
    // HELLO, asked for, tells: a new boot id is a reboot, and the link configures it again.
    const framesStopped = this.#stream && silentFor < this.#timing.stallMs && now - c.lastFrameAt >= this.#timing.stallMs;
    if (framesStopped && now - c.lastHelloAskAt >= this.#timing.stallMs && this.#queue.inFlight === 0) {
      c.lastHelloAskAt = now;
      void this.#queue.submit({ type: 'hello' });
    }
  }

  // ---- state ------------------------------------------------------------------------

  #setReady(c: Connection): void {
    if (!c.hello || !c.configured) return;
    this.#setState({ state: 'ready', hello: c.hello });
  }

  #setState(change: LinkStateChange): void {
    if (change.state === this.#state && change.state !== 'lost') return;
    this.#state = change.state;
    this.#events.emit('state', change);
  }

  #reportListenerError(e: unknown): void {
    // A consumer's bug must not kill the link; it is reported like any other error, once
    // (an error listener that throws is not told about itself).
    if (this.#reportingListenerError) return;
    this.#reportingListenerError = true;
    try {
      this.#events.emit('error', {
        source: 'listener',
        code: 'LISTENER',
        message: `a listener threw: ${(e as Error)?.message ?? String(e)}`,
      });
    } finally {
      this.#reportingListenerError = false;
    }
  }
}
