/**
 * The journal file, below the record layer: whole text lines in, gzip members on disk
 * (issue 9: plain JSON lines took ~78 MB per hour of play and failed silently).
 *
 * - `write()` only queues. A batch timer (`batchMs`, armed by the first queued line) or
 *   `flush()` turns the queue into one gzip member, writes it after the last good member
 *   and fdatasyncs it: `flush()` returning true is the durability point.
 * - A storage fault (ENOSPC, EIO, EROFS, ...) never throws and loses nothing memory holds:
 *   the lines stay queued (compressed once, so retries cost no CPU), `write-failed` is said
 *   once, and the write is retried every `retryMs` from the last good size (bytes a failed
 *   attempt left behind are truncated away), then `recovered`. Only past `maxPendingBytes`
 *   are the oldest batches dropped, and that is said too.
 * - A file or directory removed while open is noticed at the next flush or timer tick
 *   (fstat: no links left) and re-created from the open descriptor, which still reads the
 *   removed inode.
 * - `append()` first moves a torn tail (a member cut short by a crash) into a file beside
 *   the journal, so new members never follow garbage.
 */
import { dirname } from 'node:path';
import { scanJournal } from './gzip-members.ts';
import {
  closeQuietly,
  corrupt,
  fileError,
  nodeFs,
  osCode,
  readAll,
  readOpen,
  syncDirOf,
  writeAll,
  writeAside,
  type JournalFs,
} from './disk.ts';
import type { JournalFileError, RepairedTail } from './file-errors.ts';
import { PendingLines } from './queue.ts';
import { err, ok, type Result } from '../util/result.ts';

export { readJournalLines, type JournalFs } from './disk.ts';
export type { JournalFileError, JournalFileErrorCode, RepairedTail, TornTail } from './file-errors.ts';

export type StorageEvent =
  /** Once when a fault starts, not on every retry. */
  | { readonly kind: 'write-failed'; readonly message: string; readonly pendingLines: number }
  /** The file or its directory vanished while open: re-created with everything written so far. */
  | { readonly kind: 'file-removed'; readonly message: string }
  /** The pending lines reached the disk after a fault. */
  | { readonly kind: 'recovered'; readonly message: string; readonly writtenLines: number }
  /** The bounded queue overflowed (or the file was closed with lines still queued): these are lost for good. */
  | { readonly kind: 'dropped'; readonly message: string; readonly droppedLines: number };

export interface JournalFileOptions {
  /** Bytes queued while the disk fails (compressed batches plus not yet compressed lines). Default 64 MiB. */
  maxPendingBytes?: number;
  /** Default 500. */
  retryMs?: number;
  /** Batched lines reach the disk at most this late. Default 1000. */
  batchMs?: number;
  /** gzip level 0–9; default zlib's (6). */
  level?: number;
  /** The disk; tests plug in one that fails. */
  fs?: JournalFs;
  /** Where a torn tail may be moved when the journal's own directory cannot take it (the fallback directories). */
  asideDirs?: readonly string[];
}

const DEFAULTS = { maxPendingBytes: 64 * 2 ** 20, retryMs: 500, batchMs: 1000 };

type Timer = ReturnType<typeof setTimeout>;

export class JournalFile {
  private fd: number | undefined;
  private readonly io: JournalFs;
  private readonly limits: typeof DEFAULTS;
  private readonly pending: PendingLines;
  /** The file's size up to the end of the last member known to be on disk. */
  private goodSize: number;
  /** A failed write may have left bytes after `goodSize`. */
  private dirty = false;
  private failing = false;
  /** Let go for another journal (abandon()): writes are ignored, nothing is counted as lost. */
  private abandoned = false;
  private linesOnDisk = 0;
  private batchTimer: Timer | undefined;
  private retryTimer: Timer | undefined;
  private readonly listeners = new Set<(e: StorageEvent) => void>();

  private constructor(
    readonly path: string,
    fd: number,
    size: number,
    options: JournalFileOptions,
  ) {
    this.fd = fd;
    this.goodSize = size;
    this.io = options.fs ?? nodeFs;
    this.limits = {
      maxPendingBytes: options.maxPendingBytes ?? DEFAULTS.maxPendingBytes,
      retryMs: options.retryMs ?? DEFAULTS.retryMs,
      batchMs: options.batchMs ?? DEFAULTS.batchMs,
    };
    this.pending = new PendingLines(this.limits.maxPendingBytes, options.level);
  }

  /** A new, empty journal; fails with `Exists` rather than touch an existing file. The directory must exist. */
  static create(path: string, options: JournalFileOptions = {}): Result<JournalFile, JournalFileError> {
    checkOptions(options);
    const io = options.fs ?? nodeFs;
    let fd: number;
    try {
      fd = io.openSync(path, 'wx+'); // read access too: a removed file is re-created from this descriptor
    } catch (e) {
      return err(fileError(path, 'create it', e));
    }
    syncDirOf(io, path);
    return ok(new JournalFile(path, fd, 0, options));
  }

  /** Continues an existing journal (gzip or legacy plain), after moving a torn tail aside. */
  static append(
    path: string,
    options: JournalFileOptions = {},
  ): Result<{ file: JournalFile; repaired: RepairedTail | undefined }, JournalFileError> {
    checkOptions(options);
    const io = options.fs ?? nodeFs;
    let fd: number;
    try {
      fd = io.openSync(path, 'r+');
    } catch (e) {
      return err(fileError(path, 'open it', e));
    }
    const fail = (e: JournalFileError) => {
      closeQuietly(io, fd);
      return err(e);
    };
    const read = readOpen(io, fd, path);
    if (!read.ok) return fail(read.error);
    const buf = read.value;
    const scan = scanJournal(buf);
    if (!scan.ok) return fail(corrupt(path, scan.error));
    const { end } = scan.value;
    if (end === buf.length) return ok({ file: new JournalFile(path, fd, end, options), repaired: undefined });
    try {
      // The copy is synced before the cut: a crash in between duplicates the bytes, never loses them.
      const asidePath = writeAside(io, path, buf.subarray(end), options.asideDirs);
      io.ftruncateSync(fd, end);
      io.fdatasyncSync(fd);
      return ok({ file: new JournalFile(path, fd, end, options), repaired: { offset: end, bytes: buf.length - end, asidePath } });
    } catch (e) {
      return fail(fileError(path, 'move its torn tail aside', e));
    }
  }

  /**
   * A journal that cannot be opened for writing (a read-only disk at a resume), standing in
   * for it: it takes nothing, so its session goes to a fallback journal.
   */
  static unwritable(path: string, options: JournalFileOptions = {}): JournalFile {
    checkOptions(options);
    const file = new JournalFile(path, -1, 0, options);
    file.abandoned = true;
    file.fd = undefined;
    return file;
  }

  /** Queues one record line (without '\n'). Never throws. */
  write(line: string): void {
    if (this.abandoned) return;
    if (this.fd === undefined) {
      this.pending.drop(1);
      this.reportDrops('written after close()');
      return;
    }
    this.pending.push(line);
    if (!this.batchTimer && !this.retryTimer) this.batchTimer = startTimer(() => this.flush(), this.limits.batchMs);
  }

  /** Every queued line on disk and fdatasynced: true if so now, false when kept for a retry (or closed). */
  flush(): boolean {
    if (this.fd === undefined) return false;
    this.stopTimers();
    this.reportDrops(this.overflowReason());
    if (this.fd === undefined) return false; // a listener let the file go (abandon)
    let written: number;
    try {
      this.reopenIfRemoved();
      written = this.writePending();
    } catch (e) {
      this.fault(e);
      return false;
    }
    if (this.failing) {
      this.failing = false;
      this.emit({
        kind: 'recovered',
        message: `journal ${this.path}: writing works again; ${written} lines kept during the fault are on disk`,
        writtenLines: written,
      });
    }
    return true;
  }

  on(listener: (e: StorageEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get pendingLines(): number {
    return this.pending.lines;
  }

  /** Lines put on disk (and fdatasynced) since the file was opened. */
  get writtenLines(): number {
    return this.linesOnDisk;
  }

  /** The lines waiting for the disk, as text, oldest first (a fallback journal starts with them). */
  pendingTexts(): string[] {
    return this.pending.texts();
  }

  /**
   * Lets the file go without a loss, because another journal holds what it waits for: the
   * queue and the timers are dropped, later writes ignored, the descriptor closed.
   */
  abandon(): void {
    if (this.abandoned) return;
    this.abandoned = true;
    this.stopTimers();
    this.pending.forget();
    if (this.fd !== undefined) closeQuietly(this.io, this.fd);
    this.fd = undefined;
  }

  get droppedLines(): number {
    return this.pending.dropped;
  }

  /** A last flush, then the descriptor is closed: true when every line ever written is on disk. */
  close(): boolean {
    if (this.abandoned) return true;
    if (this.fd === undefined) return this.droppedLines === 0;
    this.flush();
    this.stopTimers();
    this.reportDrops(this.overflowReason());
    this.pending.discard();
    this.reportDrops('still not on disk at close()');
    closeQuietly(this.io, this.fd);
    this.fd = undefined;
    return this.droppedLines === 0;
  }

  /** Writes what waits after the last good member; returns how many lines reached the disk. */
  private writePending(): number {
    const batch = this.pending.members();
    if (!batch) return 0;
    const fd = this.fd!;
    if (this.dirty) this.io.ftruncateSync(fd, this.goodSize);
    this.dirty = true;
    let at = this.goodSize;
    for (const member of batch.members) {
      writeAll(this.io, fd, member, at);
      at += member.length;
    }
    this.io.fdatasyncSync(fd);
    this.dirty = false;
    this.goodSize = at;
    this.pending.written();
    this.linesOnDisk += batch.lines;
    return batch.lines;
  }

  /** Re-creates a removed file (and directory) at its path with everything already on disk. */
  private reopenIfRemoved(): void {
    const fd = this.fd!;
    if (this.io.fstatSync(fd).nlink > 0) return;
    const madeDir = this.io.mkdirSync(dirname(this.path), { recursive: true });
    const fresh = this.io.openSync(this.path, 'wx+');
    try {
      writeAll(this.io, fresh, readAll(this.io, fd, this.goodSize), 0);
      this.io.fdatasyncSync(fresh);
    } catch (e) {
      closeQuietly(this.io, fresh);
      try {
        this.io.unlinkSync(this.path); // a half copy would be in the way of the next attempt
      } catch {
        // the fault below is what matters
      }
      throw e;
    }
    syncDirOf(this.io, this.path);
    closeQuietly(this.io, fd);
    this.fd = fresh;
    this.dirty = false;
    const what = madeDir === undefined ? 'was removed' : 'and its directory were removed';
    this.emit({
      kind: 'file-removed',
      message: `journal ${this.path} ${what} while open: re-created with the ${this.goodSize} bytes already written`,
    });
  }

  private fault(e: unknown): void {
    if (this.abandoned) return;
    if (!this.failing) {
      this.failing = true;
      this.emit({
        kind: 'write-failed',
        message: `journal ${this.path}: cannot write (${osCode(e)}); ${this.pendingLines} lines kept in memory, retrying every ${this.limits.retryMs} ms`,
        pendingLines: this.pendingLines,
      });
    }
    clearTimeout(this.retryTimer); // a listener may have flushed (and failed) already
    this.retryTimer = startTimer(() => this.flush(), this.limits.retryMs);
  }

  private overflowReason(): string {
    return `more than ${this.limits.maxPendingBytes} bytes were waiting for the disk`;
  }

  /** Drops are said at the next flush or timer tick, so a long fault gives one event per tick, not per line. */
  private reportDrops(reason: string): void {
    const n = this.pending.takeUnreported();
    if (n > 0)
      this.emit({
        kind: 'dropped',
        message: `journal ${this.path}: ${n} lines lost for good (${reason}); ${this.droppedLines} in all`,
        droppedLines: n,
      });
  }

  private stopTimers(): void {
    clearTimeout(this.batchTimer);
    clearTimeout(this.retryTimer);
    this.batchTimer = this.retryTimer = undefined;
  }

  private emit(e: StorageEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(e);
      } catch {
        // A listener's bug must not break the journal, whose calls never throw.
      }
    }
  }
}

function startTimer(fn: () => void, ms: number): Timer {
  const timer = setTimeout(fn, ms); // the global at call time, so fake timers apply
  timer.unref?.(); // a journal never keeps the process alive
  return timer;
}

function checkOptions(o: JournalFileOptions): void {
  for (const key of ['maxPendingBytes', 'retryMs', 'batchMs', 'level'] as const) {
    const v = o[key];
    if (v !== undefined && !(Number.isFinite(v) && v >= 0))
      throw new TypeError(`JournalFile option ${key} must be a non-negative number, got ${v}`);
  }
  if (o.level !== undefined && !(Number.isInteger(o.level) && o.level <= 9))
    throw new TypeError(`JournalFile option level must be an integer 0–9, got ${o.level}`);
}
