/**
 * The journal's byte layout, pure (no I/O): a journal file is a run of gzip members, one
 * per flush, so the whole file is a valid gzip stream (`zcat` reads it) and every flush
 * point is a member boundary. Older journals are plain JSON lines; a plain journal resumed
 * by the new writer keeps its plain lines in front of the members.
 *
 * Reading finds the boundaries itself (gunzip would only say "the stream is bad"): the
 * header is parsed here, inflateRaw reports how many bytes the deflate data used, and the
 * 8-byte trailer (CRC32, size) is checked, so a member cut short or garbled by a crash is
 * told apart from the good ones before it.
 */
import { gzipSync, inflateRawSync } from 'node:zlib';
import { err, ok, type Result } from '../util/result.ts';

const ID1 = 0x1f;
const ID2 = 0x8b;
const DEFLATE = 8;
const MAGIC = Buffer.from([ID1, ID2, DEFLATE]);
const NL = 0x0a;
const FLAG = { HCRC: 2, EXTRA: 4, NAME: 8, COMMENT: 16, RESERVED: 0xe0 } as const;

/** One flush: whole lines, each ending in '\n', as one gzip member. */
export const encodeMember = (lines: readonly string[], level?: number): Buffer =>
  gzipSync(`${lines.join('\n')}\n`, level === undefined ? {} : { level });

export interface Member {
  readonly length: number;
  readonly data: Buffer;
}

/** The member starting at `at`, or why there is none. */
export function readMember(buf: Buffer, at: number): Result<Member, string> {
  if (buf.length - at < 10) return err('the gzip header is cut short');
  if (buf[at] !== ID1 || buf[at + 1] !== ID2 || buf[at + 2] !== DEFLATE) return err('no gzip header');
  const flags = buf[at + 3]!;
  if (flags & FLAG.RESERVED) return err('reserved gzip header flags are set');
  const p = headerEnd(buf, at, flags);
  if (p === undefined) return err('the gzip header is cut short');
  let data: Buffer;
  let used: number;
  try {
    // `info` also returns the engine, whose bytesWritten is the deflate input it consumed.
    const r = inflateRawSync(buf.subarray(p), { info: true }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
    data = r.buffer;
    used = r.engine.bytesWritten;
  } catch (e) {
    return err(`bad deflate data (${(e as Error).message})`);
  }
  const trailer = p + used;
  if (trailer + 8 > buf.length) return err('the gzip trailer is cut short');
  if (buf.readUInt32LE(trailer) !== crc32(data) || buf.readUInt32LE(trailer + 4) !== data.length % 2 ** 32)
    return err('CRC or size mismatch');
  return ok({ length: trailer + 8 - at, data });
}

/** Where the deflate data starts after the optional header fields (RFC 1952 §2.3), or undefined if cut short. */
function headerEnd(buf: Buffer, at: number, flags: number): number | undefined {
  let p = at + 10;
  if (flags & FLAG.EXTRA) {
    if (p + 2 > buf.length) return undefined;
    p += 2 + buf.readUInt16LE(p);
  }
  for (const field of [FLAG.NAME, FLAG.COMMENT]) {
    if (!(flags & field)) continue;
    const zero = buf.indexOf(0, p);
    if (zero < 0) return undefined;
    p = zero + 1;
  }
  if (flags & FLAG.HCRC) p += 2;
  return p > buf.length ? undefined : p;
}

export interface JournalScan {
  /** First byte after the last good line or member: everything from here on is a torn tail. */
  readonly end: number;
}

/**
 * Walks a journal's bytes, handing each good chunk of text (whole lines, '\n'-terminated)
 * to `onData`. A bad member followed by a good one cannot come from a crash while
 * appending (each flush reaches the disk before the next starts), so it is an error at its
 * offset; a bad member with nothing good after it is the torn tail.
 */
export function scanJournal(
  buf: Buffer,
  onData: (data: Buffer) => void = () => {},
): Result<JournalScan, { offset: number; reason: string }> {
  // JSON text never holds a raw 0x1f byte, so the first 1f 8b is where gzip data starts.
  const gz = buf.indexOf(MAGIC.subarray(0, 2));
  const plainEnd = gz < 0 ? buf.length : gz;
  const wholeLines = plainEnd === 0 ? 0 : buf.lastIndexOf(NL, plainEnd - 1) + 1; // (a negative start counts from the end)
  if (wholeLines > 0) onData(buf.subarray(0, wholeLines));
  if (gz < 0 || wholeLines < plainEnd) {
    if (gz >= 0) return err({ offset: wholeLines, reason: 'a plain-text line cut short before gzip data' });
    return ok({ end: wholeLines });
  }
  let at = gz;
  while (at < buf.length) {
    const m = readMember(buf, at);
    if (!m.ok) {
      if (goodMemberAfter(buf, at + 1)) return err({ offset: at, reason: m.error });
      break;
    }
    onData(m.value.data);
    at += m.value.length;
  }
  return ok({ end: at });
}

function goodMemberAfter(buf: Buffer, from: number): boolean {
  for (let i = buf.indexOf(MAGIC, from); i >= 0; i = buf.indexOf(MAGIC, i + 1)) if (readMember(buf, i).ok) return true;
  return false;
}

// CRC-32 (IEEE, as gzip uses); zlib.crc32 only exists from Node 20.15 and the engines field allows 20.6.
const CRC_TABLE = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

export function crc32(bytes: Uint8Array): number {
  let c = -1;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
