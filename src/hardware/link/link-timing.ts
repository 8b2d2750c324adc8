/** Every time-out of the link in one place (ms). Defaults follow PROTOCOL.md sections 1 and 5. */
export interface LinkTiming {
  /** Opening the port resets a Mega; its bootloader takes up to ~2 s before the boot HELLO. */
  readonly bootHelloWaitMs: number;
  /** Open → ready must not take longer; after it the port is closed and reopened. */
  readonly handshakeTimeoutMs: number;
  /** A command unanswered this long is re-sent under a new sequence number. */
  readonly commandRetryMs: number;
  readonly commandAttempts: number;
  readonly maxCommandsInFlight: number;
  /** With no line from the board for this long, the link sends a PING. */
  readonly pingIdleMs: number;
  /** No line for this long → `stalled`. */
  readonly stallMs: number;
  /** Stalled this long (since the last line) → treat the port as lost and reopen it (resets a hung board). */
  readonly stallGiveUpMs: number;
  readonly watchdogTickMs: number;
  readonly backoffInitialMs: number;
  readonly backoffMaxMs: number;
}

export const DEFAULT_LINK_TIMING: LinkTiming = Object.freeze({
  bootHelloWaitMs: 2000,
  handshakeTimeoutMs: 6000,
  commandRetryMs: 200,
  commandAttempts: 5,
  maxCommandsInFlight: 2,
  pingIdleMs: 1000,
  stallMs: 2000,
  stallGiveUpMs: 10_000,
  watchdogTickMs: 250,
  backoffInitialMs: 250,
  backoffMaxMs: 8000,
});
