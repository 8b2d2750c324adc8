/** What a link counts, for health displays and tests. Plain numbers, copied on read. */
import type { ErrorCode } from '../../protocol/index.ts';

export interface LinkCounters {
  /** Lines received (well-formed or not, oversize ones excluded). */
  linesIn: number;
  linesOut: number;
  /** Frames delivered to listeners. */
  frames: number;
  /** Frames dropped as not newer than the last delivered one of the same boot. */
  duplicateFrames: number;
  /** Frames refused because their board time ran ahead of the host's receive clock (a jump the host did not see, a flood). */
  clockRefused: number;
  /** Frames dropped for coming sooner than half a period after the last one (a flood): the rate limit. */
  rateLimited: number;
  /** Times a boot's time line was followed afresh after the frames refused for a second agreed with the host's clock. */
  reanchors: number;
  /** HELLOs refused because they named another board than the one configured (board id, cell count). */
  helloMismatches: number;
  crcErrors: number;
  /** Lines rejected by the parser, by code (BADCRC included). */
  parseErrors: Partial<Record<ErrorCode, number>>;
  /** Lines lost according to the board's sequence numbers. */
  linesLost: number;
  gaps: number;
  oversizeLines: number;
  /** ERR lines from the board, by code. */
  boardErrors: Partial<Record<ErrorCode, number>>;
  reboots: number;
  reconnects: number;
  commandsSent: number;
  commandRetries: number;
  commandFailures: number;
}

export const emptyCounters = (): LinkCounters => ({
  linesIn: 0,
  linesOut: 0,
  frames: 0,
  duplicateFrames: 0,
  clockRefused: 0,
  rateLimited: 0,
  reanchors: 0,
  helloMismatches: 0,
  crcErrors: 0,
  parseErrors: {},
  linesLost: 0,
  gaps: 0,
  oversizeLines: 0,
  boardErrors: {},
  reboots: 0,
  reconnects: 0,
  commandsSent: 0,
  commandRetries: 0,
  commandFailures: 0,
});

export const copyCounters = (c: LinkCounters): LinkCounters => ({
  ...c,
  parseErrors: { ...c.parseErrors },
  boardErrors: { ...c.boardErrors },
});

export const bump = <K extends string>(table: Partial<Record<K, number>>, key: K): void => {
  table[key] = (table[key] ?? 0) + 1;
};
