/** Unit checks the vector files cannot express (they fix the cell count at 44). */
import { describe, expect, it } from 'vitest';
import {
  crc16,
  decodeCells,
  encodeCells,
  formatStaleMask,
  openLine,
  parseBoardLine,
  parseStaleMask,
  SequenceTracker,
  seqGap,
} from '../../src/protocol/index.ts';

describe('crc16 (CCITT-FALSE)', () => {
  it('has the catalogue check value', () => {
    expect(crc16('123456789')).toBe(0x29b1);
    expect(crc16('')).toBe(0xffff);
  });
});

describe('base64 cells', () => {
  it('encodes the documented examples', () => {
    expect(encodeCells([1, -1, -8388608, 8388607])).toBe('AAAB////gAAAf///');
  });
  it('decodes into an Int32Array with sign extension', () => {
    const r = decodeCells('AAAB////gAAAf///', 4);
    expect(r.ok && Array.from(r.value)).toEqual([1, -1, -8388608, 8388607]);
    expect(r.ok && r.value).toBeInstanceOf(Int32Array);
  });
  it('refuses values outside 24 bits when formatting (a caller bug)', () => {
    expect(() => encodeCells([8388608])).toThrow(RangeError);
  });
});

describe('stale mask', () => {
  it('uses ceil(n/4) digits, bit i = cell i', () => {
    expect(formatStaleMask([0, 41], 42)).toBe('20000000001');
    const r = parseStaleMask('20000000001', 42);
    expect(r.ok && r.value).toEqual([0, 41]);
  });
  it('rejects a bit at or above the cell count', () => {
    const r = parseStaleMask('40000000000', 42);
    expect(!r.ok && r.error.code).toBe('BADARG');
    const r1 = parseStaleMask('2', 1);
    expect(!r1.ok && r1.error.code).toBe('BADARG');
  });
  it('rejects the wrong width before looking at digits', () => {
    const r = parseStaleMask('zz', 42);
    expect(!r.ok && r.error.code).toBe('BADCOUNT');
  });
});

describe('envelope', () => {
  it('gives the fields after the sequence number', () => {
    const r = openLine('ACK 0003 0011*B3DD', 'board-to-host');
    expect(r.ok && r.value).toEqual({ type: 'ACK', seq: 3, fields: ['0011'] });
  });
  it('parses a frame for a board of another size', () => {
    const line = 'FRAME 0001 00000000 -- 1 AAAB*' + crc16('FRAME 0001 00000000 -- 1 AAAB').toString(16).toUpperCase().padStart(4, '0');
    const r = parseBoardLine(line, { cellCount: 1 });
    expect(r.ok && r.value.type === 'frame' && [r.value.stale, Array.from(r.value.cells)]).toEqual([[0], [1]]);
  });
});

describe('sequence tracking', () => {
  it('counts lines lost between good lines, across the wrap', () => {
    const t = new SequenceTracker();
    expect(t.accept(0xfffe)).toBe(0);
    expect(t.accept(0xffff)).toBe(0);
    expect(t.accept(0x0000)).toBe(0);
    expect(t.accept(0x0003)).toBe(2);
    t.reset();
    expect(t.accept(0x0100)).toBe(0);
    expect(seqGap(0xfffe, 1)).toBe(3);
  });
});
