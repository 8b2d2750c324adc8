/**
 * A compact, exactly reversible text for the FRAME lines a journal keeps (issue 9). Their
 * cells are noisy 24-bit readings in base64, which gzip leaves at ~25 MB per hour of
 * play, over the 15 MB goal; the difference to the previous frame is small noise, and
 * written 5 bits a character it compresses to about half. Optional: the record layer
 * decides whether its 'line' records carry this form (and replay decodes it).
 *
 * `encode` gives back every line unchanged except a FRAME line with a good CRC that
 * follows another FRAME, which becomes
 *     +<seq Δ> <ms Δ> <tilt> <stale> <cell Δs>*<crc>
 * Differences are to the previous FRAME: seq and ms in decimal, modulo their width; each
 * cell's zigzagged, least significant 5 bits first, one base64 character each, the upper
 * half of the alphabet meaning "more follows". The original CRC stays: the decoder checks
 * the rebuilt line against it, so a delta whose previous frame is missing (lost lines) is
 * reported, never rebuilt wrong; every KEY_EVERY-th frame is kept whole, so a loss costs
 * at most that many frames. A raw line starting with '+' or '\' gets a '\' in front.
 * Encoder and decoder keep the same state: the last FRAME, as parsed from its text.
 */
import { decodeCells, encodeCells, isCellValue } from '../protocol/base64-cells.ts';
import { crc16 } from '../protocol/crc16.ts';
import { formatHex } from '../protocol/fields.ts';
import { err, ok, type Result } from '../util/result.ts';

/** Whole frames this far apart at most (one second at 80 frames/s). */
export const KEY_EVERY = 80;

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...B64].map((c, i) => [c, i]));
const FRAME_TEXT = /^FRAME ([0-9A-F]{4}) ([0-9A-F]{8}) ([^ *]{2}) ([0-9A-F]+) ([A-Za-z0-9+/]+)\*([0-9A-F]{4})$/;
const DELTA_TEXT = /^\+(\d+) (\d+) ([^ *]{2}) ([0-9A-F]+) ([A-Za-z0-9+/]*)\*([0-9A-F]{4})$/;

interface FrameText {
  readonly seq: number;
  readonly ms: number;
  readonly tilt: string;
  readonly stale: string;
  readonly cells: Int32Array;
}

/** Every field has one spelling (uppercase hex, 4 base64 chars a cell), so formatting a parsed line gives it back. */
function parseFrameText(line: string): FrameText | undefined {
  const m = FRAME_TEXT.exec(line);
  if (!m || m[5]!.length % 4 !== 0) return undefined;
  const cells = decodeCells(m[5]!, m[5]!.length / 4);
  return cells.ok ? { seq: parseInt(m[1]!, 16), ms: parseInt(m[2]!, 16), tilt: m[3]!, stale: m[4]!, cells: cells.value } : undefined;
}

const bodyOf = (f: FrameText): string => `FRAME ${formatHex(f.seq, 4)} ${formatHex(f.ms, 8)} ${f.tilt} ${f.stale} ${encodeCells(f.cells)}`;
const escape = (line: string): string => (line.startsWith('+') || line.startsWith('\\') ? `\\${line}` : line);

export class FrameDeltaEncoder {
  private last: FrameText | undefined;
  private sinceWhole = 0;

  encode(line: string): string {
    const frame = line.startsWith('FRAME ') ? parseFrameText(line) : undefined;
    if (!frame) return escape(line);
    const prev = this.last;
    this.last = frame;
    const crc = line.slice(-4);
    const keep =
      !prev || prev.cells.length !== frame.cells.length || formatHex(crc16(line.slice(0, -5)), 4) !== crc || ++this.sinceWhole >= KEY_EVERY;
    if (keep) {
      this.sinceWhole = 0;
      return line;
    }
    let cells = '';
    for (let i = 0; i < frame.cells.length; i++) cells += digits(zigzag(frame.cells[i]! - prev.cells[i]!));
    return `+${(frame.seq - prev.seq) & 0xffff} ${(frame.ms - prev.ms) >>> 0} ${frame.tilt} ${frame.stale} ${cells}*${crc}`;
  }
}

export class FrameDeltaDecoder {
  private last: FrameText | undefined;

  /** The original line; an error when it cannot be rebuilt (its previous frame is missing or the text is damaged). */
  decode(text: string): Result<string, string> {
    if (text.startsWith('\\')) return ok(text.slice(1));
    if (!text.startsWith('+')) {
      if (text.startsWith('FRAME ')) this.last = parseFrameText(text) ?? this.last;
      return ok(text);
    }
    const prev = this.last;
    this.last = undefined; // until the next whole frame, if this one fails
    const m = DELTA_TEXT.exec(text);
    if (!m || !prev) return err(m ? 'a frame delta with no frame before it' : 'not a frame delta');
    const cells = undigits(m[5]!, prev.cells);
    if (!cells) return err('frame delta cells do not fit the frame before it');
    const frame: FrameText = {
      seq: (prev.seq + Number(m[1])) & 0xffff,
      ms: (prev.ms + Number(m[2])) >>> 0,
      tilt: m[3]!,
      stale: m[4]!,
      cells,
    };
    const body = bodyOf(frame);
    if (formatHex(crc16(body), 4) !== m[6]) return err('the rebuilt frame fails its CRC: the frame before it is missing');
    this.last = frame;
    return ok(`${body}*${m[6]}`);
  }
}

const zigzag = (d: number): number => (d >= 0 ? 2 * d : -2 * d - 1);

function digits(z: number): string {
  let out = '';
  for (; z >= 32; z = Math.floor(z / 32)) out += B64[32 + (z % 32)];
  return out + B64[z];
}

/** The cells `text` encodes as differences to `prev`, or undefined if it does not hold exactly that many valid cells. */
function undigits(text: string, prev: Int32Array): Int32Array | undefined {
  const cells = new Int32Array(prev.length);
  let cell = 0;
  let z = 0;
  let scale = 1;
  for (const ch of text) {
    const d = DIGIT.get(ch)!;
    z += (d % 32) * scale;
    scale *= 32;
    if (d >= 32) continue;
    if (cell >= prev.length || scale > 2 ** 30) return undefined;
    const v = prev[cell]! + (z % 2 === 0 ? z / 2 : -(z + 1) / 2);
    if (!isCellValue(v)) return undefined;
    cells[cell++] = v;
    z = 0;
    scale = 1;
  }
  return cell === prev.length && scale === 1 ? cells : undefined;
}
