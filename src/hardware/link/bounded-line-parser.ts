/**
 * Splits a byte stream into lines at `\r\n` (PROTOCOL.md section 2) with serialport's
 * readline parser, plus a hard bound on line length: the readline parser alone buffers a
 * line until its terminator comes, so a board that babbles without one (wrong baud, noise,
 * a stuck line) would make the host buffer without limit. Here a line longer than the limit
 * is discarded and counted, everything up to the next `\r\n` is skipped, and the line after
 * that terminator is read normally (resync).
 *
 * Output: one string per line, terminator stripped, decoded as latin1 so that every byte
 * is one char (the codec measures lengths in chars and rejects non-ASCII as BADCHAR).
 */
import { ReadlineParser } from '@serialport/parser-readline';
import type { TransformCallback } from 'node:stream';

const CR = 0x0d;
const TERMINATOR = Buffer.from('\r\n', 'latin1');

export interface BoundedLineParserOptions {
  /** Longest accepted line, terminator included (255 for board -> host). */
  readonly maxLineBytes: number;
  /** Told about every discarded line, with how many bytes were thrown away. */
  readonly onOversize?: (droppedBytes: number) => void;
}

export class BoundedLineParser extends ReadlineParser {
  readonly #maxBodyBytes: number;
  readonly #onOversize: ((droppedBytes: number) => void) | undefined;
  /** Bytes skipped of the line being discarded; undefined when not discarding. */
  #discarding: number | undefined = undefined;
  #oversizeLines = 0;

  constructor(options: BoundedLineParserOptions) {
    if (!Number.isInteger(options.maxLineBytes) || options.maxLineBytes < 3) {
      throw new TypeError('maxLineBytes must be an integer >= 3 (room for one byte and CR LF)');
    }
    // Only CR LF ends a line; a bare CR or LF stays inside it (the codec calls it BADCHAR).
    super({ delimiter: TERMINATOR, encoding: 'latin1', readableObjectMode: true });
    this.#maxBodyBytes = options.maxLineBytes - 2;
    this.#onOversize = options.onOversize;
  }

  /** Lines discarded for being longer than the limit. */
  get oversizeLines(): number {
    return this.#oversizeLines;
  }

  /** The readline parser hands each complete line here: too long ones stop, the rest go out as text. */
  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (!Buffer.isBuffer(chunk)) return super.push(chunk, encoding);
    if (chunk.length > this.#maxBodyBytes) {
      this.#dropped(chunk.length + TERMINATOR.length);
      return true;
    }
    return super.push(chunk.toString('latin1'));
  }

  override _transform(chunk: Buffer, encoding: BufferEncoding, done: TransformCallback): void {
    let bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, 'latin1');
    if (this.#discarding !== undefined) {
      const data = Buffer.concat([this.buffer, bytes]);
      this.buffer = Buffer.alloc(0);
      const end = data.indexOf(TERMINATOR);
      if (end < 0) {
        this.#skip(data);
        done();
        return;
      }
      this.#dropped(this.#discarding + end + TERMINATOR.length);
      this.#discarding = undefined;
      bytes = data.subarray(end + TERMINATOR.length);
    }
    super._transform(bytes, encoding, (error?: Error | null) => {
      // A body of maxBody bytes plus a CR may still be a legal line waiting for its LF.
      if (!error && this.buffer.length > this.#maxBodyBytes + 1) {
        const pending = this.buffer;
        this.buffer = Buffer.alloc(0);
        this.#discarding = 0;
        this.#skip(pending);
      }
      done(error);
    });
  }

  override _flush(done: TransformCallback): void {
    // An unterminated tail is not a line (the board always terminates); drop it silently.
    this.buffer = Buffer.alloc(0);
    this.#discarding = undefined;
    done();
  }

  /** Counts skipped bytes, keeping a trailing CR: it may be the first half of the terminator. */
  #skip(data: Buffer): void {
    const keepCr = data.length > 0 && data[data.length - 1] === CR ? 1 : 0;
    this.#discarding = (this.#discarding ?? 0) + data.length - keepCr;
    this.buffer = Buffer.from(data.subarray(data.length - keepCr));
  }

  #dropped(bytes: number): void {
    this.#oversizeLines++;
    this.#onOversize?.(bytes);
  }
}
