/**
 * Splits a byte stream into lines at `\r\n` (PROTOCOL.md section 2), with a hard bound on
 * line length. A board that babbles without a terminator (wrong baud, noise, a stuck
 * line) must not make the host buffer without limit: once the partial line exceeds the
 * limit it is discarded, counted, and everything up to the next `\r\n` is skipped; the
 * next line after that terminator is read normally (resync).
 *
 * Output: one string per line, terminator stripped, decoded as latin1 so that every byte
 * is one char (the codec measures lengths in chars and rejects non-ASCII as BADCHAR).
 */
import { Transform, type TransformCallback } from 'node:stream';

const CR = 0x0d;
const TERMINATOR = Buffer.from('\r\n', 'latin1');

export interface BoundedLineParserOptions {
  /** Longest accepted line, terminator included (255 for board -> host). */
  readonly maxLineBytes: number;
  /** Told about every discarded line, with how many bytes were thrown away. */
  readonly onOversize?: (droppedBytes: number) => void;
}

export class BoundedLineParser extends Transform {
  readonly #maxBodyBytes: number;
  readonly #onOversize: ((droppedBytes: number) => void) | undefined;
  #pending: Buffer = Buffer.alloc(0);
  /** Bytes skipped of the line being discarded; undefined when not discarding. */
  #discarding: number | undefined = undefined;
  #oversizeLines = 0;

  constructor(options: BoundedLineParserOptions) {
    super({ readableObjectMode: true });
    if (!Number.isInteger(options.maxLineBytes) || options.maxLineBytes < 3) {
      throw new TypeError('maxLineBytes must be an integer >= 3 (room for one byte and CR LF)');
    }
    this.#maxBodyBytes = options.maxLineBytes - 2;
    this.#onOversize = options.onOversize;
  }

  /** Lines discarded for being longer than the limit. */
  get oversizeLines(): number {
    return this.#oversizeLines;
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    const data = this.#pending.length > 0 ? Buffer.concat([this.#pending, bytes]) : bytes;
    let start = 0;
    for (;;) {
      // Only CR LF ends a line; a bare CR or LF stays inside it (the codec calls it BADCHAR).
      const end = data.indexOf(TERMINATOR, start);
      if (end < 0) break;
      this.#endLine(data.subarray(start, end), end + 2 - start);
      start = end + 2;
    }
    this.#keepPartial(data.subarray(start));
    done();
  }

  override _flush(done: TransformCallback): void {
    // An unterminated tail is not a line (the board always terminates); drop it silently.
    this.#pending = Buffer.alloc(0);
    this.#discarding = undefined;
    done();
  }

  #endLine(body: Buffer, rawBytes: number): void {
    if (this.#discarding !== undefined) {
      this.#dropped(this.#discarding + rawBytes);
      this.#discarding = undefined;
      return;
    }
    if (body.length > this.#maxBodyBytes) {
      this.#dropped(rawBytes);
      return;
    }
    this.push(body.toString('latin1'));
  }

  #keepPartial(rest: Buffer): void {
    if (this.#discarding !== undefined) {
      // Keep only a trailing CR, which may be the first half of the terminator.
      const keepCr = rest.length > 0 && rest[rest.length - 1] === CR ? 1 : 0;
      this.#discarding += rest.length - keepCr;
      this.#pending = Buffer.from(rest.subarray(rest.length - keepCr));
      return;
    }
    // A body of maxBody bytes plus a CR may still be a legal line waiting for its LF.
    if (rest.length > this.#maxBodyBytes + 1) {
      const keepCr = rest[rest.length - 1] === CR ? 1 : 0;
      this.#discarding = rest.length - keepCr;
      this.#pending = Buffer.from(rest.subarray(rest.length - keepCr));
      return;
    }
    this.#pending = Buffer.from(rest);
  }

  #dropped(bytes: number): void {
    this.#oversizeLines++;
    this.#onOversize?.(bytes);
  }
}
