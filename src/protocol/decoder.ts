/**
 * Decodes one board's lines in order. A FRAME's length depends on the cell count its board
 * announced in HELLO, so decoding is stateful: the decoder keeps the count of the last HELLO
 * it decoded. The link keeps one per board and hands each line on with what it decoded, so
 * the referee's pipeline never decodes a live line a second time; a replay, which has only
 * the text, runs a decoder of its own over the same lines and gets the same messages.
 */
import type { Result } from '../util/result.ts';
import { parseBoardLine, type BoardMessage } from './board-messages.ts';
import type { ProtocolError } from './errors.ts';
import { cellCountOf, type Hello } from './hello.ts';

export type Decoded = Result<BoardMessage, ProtocolError>;

export class BoardLineDecoder {
  #cellCount: number | undefined;

  /** `cellCount`: the frame size to expect before any HELLO (undefined: unknown, frames cannot be decoded yet). */
  constructor(cellCount?: number) {
    this.#cellCount = cellCount;
  }

  /** Cells per frame: the last HELLO's, else the one given at construction. */
  get cellCount(): number | undefined {
    return this.#cellCount;
  }

  decode(line: string): Decoded {
    const decoded = parseBoardLine(line, { cellCount: this.#cellCount ?? 0 });
    if (decoded.ok && decoded.value.type === 'hello') this.noteHello(decoded.value);
    return decoded;
  }

  /** A HELLO another decoder of the same stream decoded: frames after it have its size. */
  noteHello(hello: Pick<Hello, 'wellCells' | 'pivotCells'>): void {
    this.#cellCount = cellCountOf(hello);
  }
}
