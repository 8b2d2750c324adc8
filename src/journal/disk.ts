/**
 * The journal file's only door to the disk: the handful of synchronous node:fs calls it
 * makes, behind one narrow interface so tests can plug in a disk that fails (as
 * node-serialport's stream only knows its binding). Plus what the writer and the reader
 * share: error messages that name the path and the OS code, whole-file reads through a
 * descriptor, directory syncs, the aside file for a torn tail, and `readJournalLines`.
 */
import * as fs from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { scanJournal } from './gzip-members.ts';
import type { JournalFileError, JournalFileErrorCode, TornTail } from './file-errors.ts';
import { err, ok, type Result } from '../util/result.ts';

export interface JournalFs {
  openSync(path: string, flags: string): number;
  closeSync(fd: number): void;
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number;
  fdatasyncSync(fd: number): void;
  fsyncSync(fd: number): void;
  ftruncateSync(fd: number, length: number): void;
  fstatSync(fd: number): { readonly nlink: number; readonly size: number; isFile(): boolean };
  mkdirSync(path: string, options: { recursive: true }): string | undefined;
  unlinkSync(path: string): void;
}

export const nodeFs: JournalFs = fs;

/** The OS code of a failed call (ENOSPC, EACCES, ...), or the message when there is none. */
export const osCode = (e: unknown): string => (e as NodeJS.ErrnoException).code ?? (e as Error).message ?? String(e);

const CODES: Readonly<Record<string, JournalFileErrorCode>> = {
  EEXIST: 'Exists',
  ENOENT: 'NotFound',
  ENOTDIR: 'NotADirectory',
  EACCES: 'Permission',
  EPERM: 'Permission',
  EROFS: 'Permission',
  EISDIR: 'Unreadable',
};

export const fileError = (path: string, doing: string, e: unknown): JournalFileError => ({
  code: CODES[(e as NodeJS.ErrnoException).code ?? ''] ?? 'Io',
  message: `journal ${path}: cannot ${doing} (${osCode(e)})`,
});

/** The first `size` bytes of an open file; fewer if it is shorter. */
export function readAll(io: JournalFs, fd: number, size: number): Buffer {
  const buf = Buffer.alloc(size);
  let got = 0;
  for (let n = 1; got < size && n > 0; got += n) n = io.readSync(fd, buf, got, size - got, got);
  return got < size ? buf.subarray(0, got) : buf;
}

/** Writes all of `data` at `position`; short writes are continued. */
export function writeAll(io: JournalFs, fd: number, data: Uint8Array, position: number): void {
  for (let done = 0; done < data.length;) {
    const n = io.writeSync(fd, data, done, data.length - done, position + done);
    if (n <= 0) throw Object.assign(new Error('write made no progress'), { code: 'EIO' });
    done += n;
  }
}

/**
 * A new name is only crash-safe once its directory is synced. Best effort: some file
 * systems refuse to open or sync a directory, and the data itself is already synced.
 */
export function syncDirOf(io: JournalFs, path: string): void {
  try {
    const fd = io.openSync(dirname(path), 'r');
    try {
      io.fsyncSync(fd);
    } finally {
      io.closeSync(fd);
    }
  } catch {
    // see above
  }
}

/**
 * Puts `data` in a new file `<path>.torn-N` (first free N, never overwriting), synced; where
 * the journal's own directory cannot take it (a full disk), in the first of `elsewhere` that can.
 */
export function writeAside(io: JournalFs, path: string, data: Uint8Array, elsewhere: readonly string[] = []): string {
  let first: unknown;
  for (const target of [path, ...elsewhere.map((dir) => join(dir, basename(path)))]) {
    try {
      if (target !== path) io.mkdirSync(dirname(target), { recursive: true });
      return writeAsideAt(io, target, data);
    } catch (e) {
      first ??= e;
    }
  }
  throw first;
}

function writeAsideAt(io: JournalFs, path: string, data: Uint8Array): string {
  for (let n = 1; ; n++) {
    const aside = `${path}.torn-${n}`;
    let fd: number;
    try {
      fd = io.openSync(aside, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && n < 1000) continue;
      throw e;
    }
    try {
      writeAll(io, fd, data, 0);
      io.fdatasyncSync(fd);
    } catch (e) {
      io.closeSync(fd);
      io.unlinkSync(aside); // a half-written copy would only mislead
      throw e;
    }
    io.closeSync(fd);
    syncDirOf(io, aside);
    return aside;
  }
}

export function closeQuietly(io: JournalFs, fd: number): void {
  try {
    io.closeSync(fd);
  } catch {
    // nothing left to save on this descriptor
  }
}

/** A whole open journal, checked to be a regular file. */
export function readOpen(io: JournalFs, fd: number, path: string): Result<Buffer, JournalFileError> {
  try {
    const st = io.fstatSync(fd);
    if (!st.isFile()) return err({ code: 'Unreadable', message: `journal ${path}: not a regular file` });
    return ok(readAll(io, fd, st.size));
  } catch (e) {
    return err(fileError(path, 'read it', e));
  }
}

export const corrupt = (path: string, at: { offset: number; reason: string }): JournalFileError => ({
  code: 'Corrupt',
  message: `journal ${path}: bad data at byte ${at.offset} (${at.reason}) with good data after it`,
});

/** Every complete line of a journal (gzip members or legacy plain text), and the torn tail after them if any. */
export function readJournalLines(
  path: string,
  options: { fs?: JournalFs } = {},
): Result<{ lines: string[]; torn: TornTail | undefined }, JournalFileError> {
  const io = options.fs ?? nodeFs;
  let fd: number;
  try {
    fd = io.openSync(path, 'r');
  } catch (e) {
    return err(fileError(path, 'open it', e));
  }
  const read = readOpen(io, fd, path);
  closeQuietly(io, fd);
  if (!read.ok) return read;
  const buf = read.value;
  const lines: string[] = [];
  const scan = scanJournal(buf, (data) => {
    const text = data.toString('utf8').split('\n');
    text.pop(); // every chunk ends with '\n'
    for (const line of text) lines.push(line);
  });
  if (!scan.ok) return err(corrupt(path, scan.error));
  const { end } = scan.value;
  return ok({ lines, torn: end < buf.length ? { offset: end, bytes: buf.length - end } : undefined });
}
