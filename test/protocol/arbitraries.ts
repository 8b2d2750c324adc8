/** fast-check generators of valid protocol messages, for round-trip and fuzz tests. */
import fc from 'fast-check';
import { CELL_MAX, CELL_MIN, ERROR_CODES, MAX_CELLS, SAMPLE_RATES, UNSET_BOARD_ID } from '../../src/protocol/index.ts';
import type { BoardMessage, HostCommand } from '../../src/protocol/index.ts';

const seq = fc.integer({ min: 0, max: 0xffff });
const uint32 = fc.integer({ min: 0, max: 0xffffffff });
const tilt = fc.record({ white: fc.boolean(), black: fc.boolean() });
const rgb = fc.integer({ min: 0, max: 0xffffff });
const firmwareVersion = fc.stringMatching(/^[0-9A-Za-z._+-]{1,16}$/);

const hello = fc
  .record({
    seq,
    firmwareVersion,
    boardId: uint32,
    bootId: uint32,
    wellCells: fc.integer({ min: 1, max: MAX_CELLS }),
    pivotShare: fc.double({ min: 0, max: 1, noNaN: true }),
    sampleRateHz: fc.constantFrom(...SAMPLE_RATES),
    tiltFitted: tilt,
    ledCount: fc.integer({ min: 0, max: 255 }),
  })
  .map(({ pivotShare, ...h }) => ({
    ...h,
    type: 'hello' as const,
    protocolVersion: 1 as const,
    pivotCells: Math.floor(pivotShare * (MAX_CELLS - h.wellCells)),
  }));

export const frameFor = (cellCount: number) =>
  fc
    .record({
      seq,
      ms: uint32,
      tilt,
      staleFlags: fc.array(fc.boolean(), { minLength: cellCount, maxLength: cellCount }),
      cells: fc.array(fc.integer({ min: CELL_MIN, max: CELL_MAX }), { minLength: cellCount, maxLength: cellCount }),
    })
    .map(({ staleFlags, cells, ...f }) => ({
      ...f,
      type: 'frame' as const,
      stale: staleFlags.flatMap((s, i) => (s ? [i] : [])),
      cells: Int32Array.from(cells),
    }));

export const cellCount = fc.integer({ min: 1, max: MAX_CELLS });

/** A board message and the cell count to parse it with. */
export const boardMessage: fc.Arbitrary<{ message: BoardMessage; cellCount: number }> = fc.oneof(
  hello.map((message) => ({ message, cellCount: 44 })),
  cellCount.chain((n) => frameFor(n).map((message) => ({ message, cellCount: n }))),
  fc.record({ seq, ms: uint32, tilt }).map((t) => ({ message: { type: 'tilt' as const, ...t }, cellCount: 44 })),
  fc.record({ seq, commandId: seq }).map((a) => ({ message: { type: 'ack' as const, ...a }, cellCount: 44 })),
  fc
    .record({ seq, commandId: seq, code: fc.constantFrom(...ERROR_CODES) })
    .map((n) => ({ message: { type: 'nak' as const, ...n }, cellCount: 44 })),
  fc
    .record({ seq, code: fc.constantFrom(...ERROR_CODES), arg: fc.option(fc.integer({ min: 0, max: 0xffff }), { nil: undefined }) })
    .map((e) => ({ message: { type: 'error' as const, ...e }, cellCount: 44 })),
);

export const hostCommand: fc.Arbitrary<HostCommand> = fc.oneof(
  fc.record({ type: fc.constantFrom('ping', 'hello', 'start', 'stop', 'ledclr', 'cellrst' as const), seq }),
  fc.record({ type: fc.constant('rate' as const), seq, hz: fc.constantFrom(...SAMPLE_RATES) }),
  fc.record({ type: fc.constant('setid' as const), seq, boardId: fc.integer({ min: 0, max: UNSET_BOARD_ID - 1 }) }),
  fc.record({ type: fc.constant('led' as const), seq, well: fc.integer({ min: 0, max: MAX_CELLS - 1 }), rgb }),
  fc.record({ type: fc.constant('ledall' as const), seq, rgb }),
);
