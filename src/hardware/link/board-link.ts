/**
 * The narrow interface everything above the serial link talks to. A link owns one board
 * connection for its whole life: it reconnects by itself and keeps emitting typed,
 * decoded messages, so consumers never see a port, a line or a retry.
 *
 * Implementations: SerialBoardLink (any serialport binding: native, MockBinding, the
 * simulator) and FakeBoardLink (test/support/fake-board-link.ts, a test double driven by hand).
 */
import type { Decoded, ErrorCode, Frame, Hello, HostCommand, ProtocolError, TiltEvent } from '../../protocol/index.ts';
import type { Result } from '../../util/result.ts';
import type { LinkCounters } from './counters.ts';

export const LINK_STATES = ['stopped', 'connecting', 'ready', 'stalled', 'lost', 'failed'] as const;
/**
 * - `connecting`: opening the port or waiting for the handshake.
 * - `ready`: HELLO received, configuration acknowledged, frames flowing (or idle, with pings answered).
 * - `stalled`: the port is open but no line arrived for the stall time-out.
 * - `lost`: the port errored, closed or vanished; a reconnect is scheduled.
 * - `failed`: unrecoverable (incompatible protocol version); no more reconnects.
 */
export type LinkState = (typeof LINK_STATES)[number];

export type LinkStateChange =
  | { readonly state: 'ready'; readonly hello: Hello }
  | { readonly state: 'failed'; readonly message: string }
  | { readonly state: 'stopped' | 'connecting' | 'stalled' | 'lost'; readonly reason?: string };

/** A command as the caller writes it: the link gives it its sequence number (= command id). */
export type LinkCommand = HostCommand extends infer C ? (C extends HostCommand ? Omit<C, 'seq'> : never) : never;

export const COMMAND_FAILURE_CODES = ['NAK', 'TIMEOUT', 'NOTREADY', 'LINKLOST', 'STOPPED'] as const;
export type CommandFailureCode = (typeof COMMAND_FAILURE_CODES)[number];

export interface CommandFailure {
  readonly code: CommandFailureCode;
  /** For NAK: the board's reason (BADARG, NOLEDS, EEPROM, ...). */
  readonly boardCode?: ErrorCode;
  readonly message: string;
}

export interface CommandDone {
  /** The command id the board acknowledged (the last attempt's, or an earlier one's). */
  readonly commandId: number;
  /** How many times the line was sent. */
  readonly attempts: number;
}

export type CommandResult = Result<CommandDone, CommandFailure>;

/** Lines the board may have sent that were never delivered. */
export interface GapNotice {
  readonly reason: 'sequence' | 'reconnect' | 'reboot';
  /** Lines lost by the sequence count; undefined when unknowable (reconnect, reboot). */
  readonly lostLines: number | undefined;
  /** Board ms of the last frame delivered before the gap, if any. */
  readonly lastFrameMs: number | undefined;
}

export interface RebootNotice {
  readonly previousBootId: number;
  readonly bootId: number;
  /** A different board id: another board was plugged into the same port. */
  readonly boardChanged: boolean;
  readonly hello: Hello;
}

/**
 * Errors that do not change the state: bad lines, ERR reports, a failed open attempt, frames
 * refused for their time (`clock`: CLOCK_AHEAD, FLOOD, REANCHOR; said when an episode starts
 * and once more when it is over, not per frame), a HELLO naming another board (HELLO_MISMATCH).
 */
export interface LinkError {
  readonly source: 'parse' | 'board' | 'port' | 'handshake' | 'listener' | 'clock';
  /** A protocol code (for parse / board) or a link code (OPEN, CLOSED, HELLO_TIMEOUT, CLOCK_AHEAD, ...). */
  readonly code: string;
  readonly message: string;
  /** For board ERR lines: the argument (e.g. the cell index of SENSOR). */
  readonly arg?: number;
}

/** A raw line, both directions, for recorders. `atMs` is host time (the link's clock). */
export type RawLine =
  /** `decoded`: what the link's decoder made of it (absent for a FRAME before any HELLO, which it cannot size). */
  | { readonly direction: 'in'; readonly line: string; readonly atMs: number; readonly decoded?: Decoded }
  | { readonly direction: 'out'; readonly line: string; readonly atMs: number }
  | { readonly direction: 'oversize'; readonly droppedBytes: number; readonly atMs: number };

export interface BoardLinkEvents {
  state: LinkStateChange;
  frame: Frame;
  tilt: TiltEvent;
  error: LinkError;
  gap: GapNotice;
  reboot: RebootNotice;
  /** The same board came back after the port was lost (a gap notice follows). */
  reconnected: Hello;
  line: RawLine;
}
export type BoardLinkEvent = keyof BoardLinkEvents;
export type Listener<E extends BoardLinkEvent> = (payload: BoardLinkEvents[E]) => void;

export interface BoardLink {
  readonly state: LinkState;
  /** The HELLO of the current connection, once the handshake got that far. */
  readonly hello: Hello | undefined;
  start(): void;
  /** Closes the port, cancels timers and pending commands; the link may be started again. */
  stop(): Promise<void>;
  /** Subscribes; returns the function that unsubscribes. */
  on<E extends BoardLinkEvent>(event: E, listener: Listener<E>): () => void;
  off<E extends BoardLinkEvent>(event: E, listener: Listener<E>): void;
  /** Sends a command when ready; resolves with the ACK or a coded failure, never rejects. */
  command(command: LinkCommand): Promise<CommandResult>;
  counters(): LinkCounters;
}

export type { ProtocolError };
