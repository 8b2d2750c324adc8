/** Reads firmware-protocol/vectors/*.vectors (format: that folder's README.md). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const VECTOR_DIR = fileURLToPath(new URL('../../firmware-protocol/vectors/', import.meta.url));
export const VECTOR_FILES = ['host-to-board.vectors', 'board-to-host.vectors'] as const;
/** Frames in the vector files are for a 42-well, 2-pivot board. */
export const VECTOR_CELL_COUNT = 44;

export interface Vector {
  readonly file: string;
  readonly lineNo: number;
  readonly direction: 'h2b' | 'b2h';
  /** The protocol line, unescaped, one char per byte (latin1). */
  readonly line: string;
  readonly expect: string;
}

/** `\\` -> backslash, `\xNN` -> byte NN. */
export const unescapeLine = (s: string): string =>
  s.replace(/\\(\\|x([0-9A-F]{2}))/g, (_, esc: string, hex: string | undefined) =>
    hex === undefined ? esc : String.fromCharCode(parseInt(hex, 16)),
  );

export const readVectors = (file: string): Vector[] => {
  const text = readFileSync(VECTOR_DIR + file, 'latin1');
  const vectors: Vector[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw === '' || raw.startsWith('#')) return;
    const columns = raw.split('\t');
    const [direction, line, expect] = columns;
    if (columns.length !== 3 || (direction !== 'h2b' && direction !== 'b2h') || line === undefined || expect === undefined) {
      throw new Error(`${file}:${i + 1}: malformed vector line`);
    }
    vectors.push({ file, lineNo: i + 1, direction, line: unescapeLine(line), expect });
  });
  return vectors;
};
