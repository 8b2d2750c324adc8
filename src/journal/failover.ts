/**
 * Nothing announced that is not recorded (issue 22): the journal file with a fallback. When
 * the journal's own file cannot be written (disk full, read-only, I/O errors), its lines go
 * on in a fallback journal in another directory, so a flush still makes them durable; the
 * journal file keeps them in memory meanwhile (compressed, as JournalFile does) and retries.
 *
 * - `main`: the journal file takes every line. A fault starts the fallback: a new file in the
 *   first fallback directory that takes writes, opened with a preamble (split.ts) and
 *   every line the journal file has not got on disk, then every line after.
 * - `fallback`: a flush is durable once the fallback has it. When the journal file's retry
 *   writes everything it kept, the journal is whole again: the fallback is removed, and the
 *   state is `main`. A fallback that fails too is given up for a fresh one in the next
 *   directory (it starts again from what the journal file lacks, so it holds it all).
 * - `none`: nothing takes writes. A flush says so (false): the caller must not announce what
 *   it cannot keep. Both are retried; the lines stay in memory.
 *
 * Only past the journal file's memory bound (hours of a fault) is it let go while the
 * fallback holds everything: the match then stays split, which replay and resume read.
 * Every change of state is an event, so every output can say which journal is written.
 */
import { join } from 'node:path';
import { JournalFile, type JournalFileOptions, type StorageEvent } from './file.ts';
import { nodeFs, osCode } from './disk.ts';
import { FALLBACK_FORMAT, fallbackName, headerCrcOf, type FallbackPreamble } from './split.ts';

export const JOURNAL_STATES = ['main', 'fallback', 'none'] as const;
export type JournalState = (typeof JOURNAL_STATES)[number];

/** Which journal the records go to now: `path` is the file written (the journal's own when none can be). */
export interface JournalStatus {
  readonly state: JournalState;
  readonly path: string;
}

export type FallbackEvent =
  /** Records go to this fallback journal now: everything written so far is durable there. */
  | { readonly kind: 'fallback'; readonly message: string; readonly path: string }
  /** Neither the journal nor any fallback directory takes writes: records wait in memory. */
  | { readonly kind: 'unwritable'; readonly message: string };

export type JournalEvent = StorageEvent | FallbackEvent;

export interface FailoverOptions {
  readonly matchId: string;
  readonly session: number;
  /** The journal's header line (a fallback names it by its CRC). */
  readonly headerLine: string;
  /** Complete lines in the journal file when it was opened. */
  readonly linesBefore: number;
  /** Where fallbacks go, in order; none: no fallback. */
  readonly fallbackDirs: readonly string[];
  /** Fallbacks of earlier sessions the journal file is being made to hold in full: removed once it does. */
  readonly merged?: readonly string[];
  /** The journal file could not be opened for writing: the session goes to a fallback from its first line. */
  readonly mainUnwritable?: string;
  readonly file?: JournalFileOptions;
}

type Timer = ReturnType<typeof setTimeout>;

export class FailoverJournal {
  private state: JournalState = 'main';
  private fallback: { readonly file: JournalFile; readonly path: string } | undefined;
  /** The journal file was let go (past its memory bound): the fallback is this session's journal. */
  private mainGone = false;
  private readonly stale: string[];
  private made = 0;
  private lost = 0;
  private retryTimer: Timer | undefined;
  private readonly listeners = new Set<(e: JournalEvent) => void>();

  constructor(
    private readonly main: JournalFile,
    private readonly o: FailoverOptions,
  ) {
    this.stale = [...(o.merged ?? [])];
    main.on((e) => this.onMain(e));
    if (o.mainUnwritable !== undefined) {
      this.mainGone = true;
      this.failover(o.mainUnwritable);
    }
  }

  get path(): string {
    return this.main.path;
  }

  status(): JournalStatus {
    return { state: this.state, path: this.state === 'fallback' && this.fallback ? this.fallback.path : this.main.path };
  }

  /** Lines lost for good: neither journal had them when they had to be let go. */
  get droppedLines(): number {
    return this.lost;
  }

  on(listener: (e: JournalEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  write(line: string): void {
    this.main.write(line);
    this.fallback?.file.write(line);
  }

  /** Every line written so far durable in the journal or its fallback: false when neither could take them. */
  flush(): boolean {
    if (this.state === 'main') {
      if (this.main.flush()) {
        this.removeStale();
        return true;
      }
      if (this.state === 'main') this.failover(`journal ${this.main.path} cannot be written`); // (the fault event did it already)
    } else if (this.state === 'fallback') this.fallback?.file.flush();
    else this.retry();
    return this.state !== 'none';
  }

  /** A last flush; the fallback is kept only if the journal file could not be made whole. True when nothing was lost. */
  close(): boolean {
    if (this.state !== 'main' && !this.mainGone) this.main.flush(); // one more try at making it whole
    this.flush();
    this.stopRetry();
    if (this.state === 'fallback') this.main.abandon(); // the fallback holds what it waited for
    this.main.close();
    this.fallback?.file.close();
    this.removeStale();
    return this.lost === 0;
  }

  private onMain(e: StorageEvent): void {
    if (e.kind === 'write-failed') {
      this.emit(e);
      if (this.state === 'main') this.failover(e.message);
    } else if (e.kind === 'recovered') this.backToMain(e);
    else if (e.kind === 'dropped' && this.state === 'fallback') this.letMainGo();
    else {
      if (e.kind === 'dropped') this.lost += e.droppedLines;
      this.emit(e);
    }
  }

  /** The journal file wrote everything it kept: it is whole, and the fallback is not needed any more. */
  private backToMain(e: Extract<StorageEvent, { kind: 'recovered' }>): void {
    const fallback = this.fallback;
    this.fallback = undefined;
    if (fallback) {
      fallback.file.abandon();
      this.stale.push(fallback.path);
    }
    this.state = 'main';
    this.stopRetry();
    this.removeStale();
    this.emit(fallback ? { ...e, message: `${e.message}; the journal is whole again, fallback ${fallback.path} removed` } : e);
  }

  /** Opens a fallback with everything the journal file lacks, in the first directory that takes it; else `none`. */
  private failover(why: string): void {
    const problems: string[] = [];
    for (const dir of this.o.fallbackDirs) {
      const opened = this.openFallback(dir);
      if (typeof opened === 'string') {
        problems.push(opened);
        continue;
      }
      this.fallback = opened;
      this.state = 'fallback';
      this.stopRetry();
      this.emit({ kind: 'fallback', path: opened.path, message: `${why}: writing to the fallback journal ${opened.path}` });
      return;
    }
    const wasNone = this.state === 'none';
    this.state = 'none';
    this.armRetry();
    if (!wasNone) {
      const tried = problems.length > 0 ? `no fallback either (${problems.join('; ')})` : 'and no fallback directory is set';
      this.emit({ kind: 'unwritable', message: `${why}, ${tried}: records wait in memory, retrying` });
    }
  }

  private openFallback(dir: string): { file: JournalFile; path: string } | string {
    const io = this.o.file?.fs ?? nodeFs;
    try {
      io.mkdirSync(dir, { recursive: true });
    } catch (e) {
      return `${dir}: ${osCode(e)}`;
    }
    for (let tries = 0; tries < 100; tries++) {
      const path = join(dir, fallbackName(this.main.path, this.o.session, ++this.made));
      const created = JournalFile.create(path, this.o.file);
      if (!created.ok) {
        if (created.error.code === 'Exists') continue;
        return created.error.message;
      }
      const file = created.value;
      const preamble: FallbackPreamble = {
        kind: 'fallback',
        format: FALLBACK_FORMAT,
        matchId: this.o.matchId,
        journal: this.main.path,
        headerCrc: headerCrcOf(this.o.headerLine),
        session: this.o.session,
        mainLines: this.o.linesBefore + this.main.writtenLines,
        startedAt: new Date().toISOString(),
      };
      file.write(JSON.stringify(preamble));
      for (const line of this.main.pendingTexts()) file.write(line);
      if (!file.flush()) {
        file.abandon();
        unlinkQuietly(path, this.o.file);
        return `${path}: cannot be written`;
      }
      file.on((e) => this.onFallback(file, e));
      return { file, path };
    }
    return `${dir}: no free fallback name`;
  }

  private onFallback(file: JournalFile, e: StorageEvent): void {
    if (this.fallback?.file !== file) return;
    if (this.mainGone) {
      // The fallback is the session's journal now: its own retries keep it, as the journal file's did.
      if (e.kind === 'write-failed') this.state = 'none';
      if (e.kind === 'recovered') this.state = 'fallback';
      if (e.kind === 'dropped') this.lost += e.droppedLines;
      this.emit(e);
      return;
    }
    if (e.kind !== 'write-failed') return;
    // Given up for a fresh one: the journal file still keeps everything the fallback had.
    file.abandon();
    this.stale.push(this.fallback.path);
    this.fallback = undefined;
    this.failover(e.message);
  }

  /** Past the journal file's memory bound with the fallback holding everything: the fallback goes on alone. */
  private letMainGo(): void {
    this.mainGone = true;
    this.main.abandon();
    const path = this.fallback?.path ?? '';
    this.emit({
      kind: 'fallback',
      path,
      message: `journal ${this.main.path}: too much waits for it; the rest of this session stays in the fallback ${path} (replay and --resume read both)`,
    });
  }

  private retry(): void {
    if (this.state !== 'none') return;
    // Without the journal file, only the fallback that has every line may go on (a new one would start with a gap).
    if (this.mainGone) this.fallback?.file.flush();
    else if (!this.main.flush()) this.failover(`journal ${this.main.path} still cannot be written`); // (flushed: backToMain did the rest)
    if (this.state === 'none') this.armRetry();
  }

  private armRetry(): void {
    if (this.retryTimer) return;
    const timer = setTimeout(() => {
      this.retryTimer = undefined;
      this.retry();
    }, this.o.file?.retryMs ?? 500);
    timer.unref?.();
    this.retryTimer = timer;
  }

  private stopRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** Fallbacks the journal file now holds in full; one that cannot be removed yet is tried again later (a leftover is harmless: reading sees it is included). */
  private removeStale(): void {
    for (const path of this.stale.splice(0)) if (!unlinkQuietly(path, this.o.file)) this.stale.push(path);
  }

  private emit(e: JournalEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(e);
      } catch {
        // A listener's bug must not break the journal.
      }
    }
  }
}

function unlinkQuietly(path: string, options: JournalFileOptions | undefined): boolean {
  try {
    (options?.fs ?? nodeFs).unlinkSync(path);
    return true;
  } catch (e) {
    return osCode(e) === 'ENOENT';
  }
}
