import { describe, expect, it } from 'vitest';
import { BoundedLineParser } from '../../../src/hardware/link/bounded-line-parser.ts';

function feed(parser: BoundedLineParser, chunks: (string | Buffer)[]): string[] {
  const lines: string[] = [];
  parser.on('data', (l: string) => lines.push(l));
  for (const c of chunks) parser.write(typeof c === 'string' ? Buffer.from(c, 'latin1') : c);
  return lines;
}

describe('BoundedLineParser', () => {
  it('splits on CR LF, also when lines and terminators are split across chunks', () => {
    const p = new BoundedLineParser({ maxLineBytes: 255 });
    const lines = feed(p, ['HEL', 'LO 1\r', '\nPING 2\r\nAC', 'K\r\n\r\n']);
    expect(lines).toEqual(['HELLO 1', 'PING 2', 'ACK', '']);
  });

  it('keeps a bare CR or LF inside the line (the codec rejects it) and passes bytes as latin1', () => {
    const p = new BoundedLineParser({ maxLineBytes: 255 });
    const lines = feed(p, ['A\nB\rC\r\n', Buffer.from([0xff, 0x41, 0x0d, 0x0a])]);
    expect(lines).toEqual(['A\nB\rC', '\u00ffA']);
  });

  it('accepts a line of exactly the maximum and drops and counts a longer one, then resyncs', () => {
    const dropped: number[] = [];
    const p = new BoundedLineParser({ maxLineBytes: 10, onOversize: (n) => dropped.push(n) });
    const lines = feed(p, ['12345678\r\n', '123456789\r\n', 'ok\r\n']);
    expect(lines).toEqual(['12345678', 'ok']);
    expect(p.oversizeLines).toBe(1);
    expect(dropped).toEqual([11]);
  });

  it('never buffers an endless line: drops it in pieces and resyncs at the next terminator', () => {
    const p = new BoundedLineParser({ maxLineBytes: 255 });
    const noise = 'x'.repeat(1000);
    const lines: string[] = [];
    p.on('data', (l: string) => lines.push(l));
    for (let i = 0; i < 1000; i++) p.write(Buffer.from(noise)); // 1 MB without a terminator
    p.write(Buffer.from('tail\r\nGOOD\r\n'));
    expect(lines).toEqual(['GOOD']);
    expect(p.oversizeLines).toBe(1);
    // Internal buffer stayed bounded: the parser holds at most one line's worth.
    expect(p.writableLength).toBe(0);
  });

  it('resyncs when the terminator of a dropped line is split between chunks', () => {
    const p = new BoundedLineParser({ maxLineBytes: 5 });
    const lines = feed(p, ['abcdefgh\r', '\nab\r\n']);
    expect(lines).toEqual(['ab']);
    expect(p.oversizeLines).toBe(1);
  });

  it('a body of the maximum plus a CR waits for its LF', () => {
    const p = new BoundedLineParser({ maxLineBytes: 5 });
    const lines = feed(p, ['abc\r', '\n']);
    expect(lines).toEqual(['abc']);
  });

  it('rejects silly options with a TypeError', () => {
    expect(() => new BoundedLineParser({ maxLineBytes: 2 })).toThrow(TypeError);
  });
});
