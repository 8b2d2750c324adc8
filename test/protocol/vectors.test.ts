import { describe, expect, it } from 'vitest';
import { formatBoardMessage, formatHostCommand, parseBoardLine, parseHostLine } from '../../src/protocol/index.ts';
import { canonicalBoardMessage, canonicalHostCommand } from './canonical.ts';
import { readVectors, unescapeLine, VECTOR_CELL_COUNT, VECTOR_FILES } from './vector-files.ts';

describe('vector file reader', () => {
  it('unescapes backslashes and \\xNN bytes', () => {
    expect(unescapeLine('a\\\\b\\x09c\\xC3')).toBe('a\\b\tc\u00c3');
  });
});

for (const file of VECTOR_FILES) {
  describe(file, () => {
    const vectors = readVectors(file);

    it('has vectors', () => {
      expect(vectors.length).toBeGreaterThan(50);
    });

    it.each(vectors.map((v) => [`${v.file}:${v.lineNo}`, v] as const))('%s', (_, v) => {
      if (v.direction === 'h2b') {
        const parsed = parseHostLine(v.line);
        const actual = parsed.ok ? `ok ${canonicalHostCommand(parsed.value)}` : `err ${parsed.error.code}`;
        expect(actual).toBe(v.expect);
        if (parsed.ok) expect(formatHostCommand(parsed.value)).toBe(v.line);
      } else {
        const parsed = parseBoardLine(v.line, { cellCount: VECTOR_CELL_COUNT });
        const actual = parsed.ok ? `ok ${canonicalBoardMessage(parsed.value)}` : `err ${parsed.error.code}`;
        expect(actual).toBe(v.expect);
        if (parsed.ok) expect(formatBoardMessage(parsed.value)).toBe(v.line);
      }
    });
  });
}
