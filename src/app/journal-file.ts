/**
 * INTERIM plain-text journal file with the API of the compressed store being built on the
 * `store` branch; replaced by it on merge.
 */
import { closeSync, fdatasyncSync, ftruncateSync, openSync, readFileSync, renameSync, existsSync, writeFileSync, writeSync } from 'node:fs';
import { err, ok, type Result } from '../util/result.ts';

export type JournalFileErrorCode = 'Exists' | 'NotFound' | 'NotADirectory' | 'Permission' | 'Unreadable' | 'Corrupt' | 'Io';
export interface JournalFileError {
  readonly code: JournalFileErrorCode;
  readonly message: string;
}
export interface TornTail {
  readonly offset: number;
  readonly bytes: number;
}
export interface RepairedTail extends TornTail {
  readonly asidePath: string;
}
export type StorageEvent =
  | { readonly kind: 'write-failed'; readonly message: string; readonly pendingLines: number }
  | { readonly kind: 'file-removed'; readonly message: string }
  | { readonly kind: 'recovered'; readonly message: string; readonly writtenLines: number }
  | { readonly kind: 'dropped'; readonly message: string; readonly droppedLines: number };
export interface JournalFileOptions {
  readonly maxPendingBytes?: number;
  readonly retryMs?: number;
  readonly batchMs?: number;
}

const fileError = (e: unknown, path: string): JournalFileError => {
  const code = (e as NodeJS.ErrnoException).code ?? 'EIO';
  const map: Record<string, JournalFileErrorCode> = { EEXIST: 'Exists', ENOENT: 'NotFound', ENOTDIR: 'NotADirectory', EACCES: 'Permission', EPERM: 'Permission' };
  return { code: map[code] ?? 'Io', message: `journal ${path}: ${code}` };
};

export class JournalFile {
  private queue: string[] = [];
  private readonly listeners = new Set<(e: StorageEvent) => void>();
  private constructor(readonly path: string, private fd: number | undefined) {}

  static create(path: string, _options?: JournalFileOptions): Result<JournalFile, JournalFileError> {
    try {
      return ok(new JournalFile(path, openSync(path, 'wx')));
    } catch (e) {
      return err(fileError(e, path));
    }
  }

  static append(path: string, _options?: JournalFileOptions): Result<{ file: JournalFile; repaired: RepairedTail | undefined }, JournalFileError> {
    const read = readJournalLines(path);
    if (!read.ok) return read;
    let repaired: RepairedTail | undefined;
    try {
      const fd = openSync(path, 'r+');
      if (read.value.torn) {
        const { offset, bytes } = read.value.torn;
        let n = 1;
        while (existsSync(`${path}.torn-${n}`)) n++;
        const asidePath = `${path}.torn-${n}`;
        writeFileSync(asidePath, readFileSync(path).subarray(offset));
        ftruncateSync(fd, offset);
        fdatasyncSync(fd);
        repaired = { offset, bytes, asidePath };
      }
      closeSync(fd);
      return ok({ file: new JournalFile(path, openSync(path, 'a')), repaired });
    } catch (e) {
      return err(fileError(e, path));
    }
  }

  get pendingLines(): number {
    return this.queue.length;
  }
  get droppedLines(): number {
    return 0;
  }

  write(line: string): void {
    this.queue.push(line);
  }

  flush(): boolean {
    if (this.fd === undefined) return false;
    if (this.queue.length > 0) writeSync(this.fd, `${this.queue.join('\n')}\n`);
    this.queue = [];
    fdatasyncSync(this.fd);
    return true;
  }

  on(listener: (e: StorageEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): boolean {
    if (this.fd === undefined) return true;
    const done = this.flush();
    closeSync(this.fd);
    this.fd = undefined;
    return done;
  }
}

export function readJournalLines(path: string): Result<{ lines: string[]; torn: TornTail | undefined }, JournalFileError> {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch (e) {
    return err(fileError(e, path));
  }
  const text = buf.toString('utf8');
  const end = text.lastIndexOf('\n') + 1;
  const lines = text.slice(0, end).split('\n');
  lines.pop();
  const torn = end < text.length ? { offset: Buffer.byteLength(text.slice(0, end)), bytes: buf.length - Buffer.byteLength(text.slice(0, end)) } : undefined;
  return ok({ lines, torn });
}
