/**
 * What waits for the disk, in memory and bounded. Lines are compressed into a batch (one
 * gzip member) when a flush is attempted; a batch a fault kept off the disk stays as it
 * is, so retries never compress again and the bound counts compressed bytes (hours of
 * play fit in the default 64 MiB). Over the bound, the oldest lines go first, whole
 * batches before loose lines, and are counted until someone asks.
 */
import { gunzipSync } from 'node:zlib';
import { encodeMember } from './gzip-members.ts';

interface Batch {
  readonly member: Buffer;
  readonly lines: number;
}

export class PendingLines {
  private batches: Batch[] = [];
  private batchBytes = 0;
  private batchLines = 0;
  private loose: string[] = [];
  private looseBytes = 0;
  private lost = 0;
  private unreported = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly level: number | undefined,
  ) {}

  get lines(): number {
    return this.batchLines + this.loose.length;
  }

  /** Lines lost for good since the start. */
  get dropped(): number {
    return this.lost;
  }

  push(line: string): void {
    this.loose.push(line);
    this.looseBytes += Buffer.byteLength(line) + 1;
    this.shed();
  }

  /** Every batch's member, the loose lines compressed into a last one; undefined when nothing waits. */
  members(): { members: readonly Buffer[]; lines: number } | undefined {
    if (this.loose.length > 0) {
      const member = encodeMember(this.loose, this.level);
      this.batches.push({ member, lines: this.loose.length });
      this.batchBytes += member.length;
      this.batchLines += this.loose.length;
      this.loose = [];
      this.looseBytes = 0;
    }
    if (this.batches.length === 0) return undefined;
    return { members: this.batches.map((b) => b.member), lines: this.batchLines };
  }

  /** Every line waiting, as text, oldest first (the batches decompressed). */
  texts(): string[] {
    const batched = this.batches.flatMap((b) => gunzipSync(b.member).toString('utf8').split('\n').slice(0, -1));
    return [...batched, ...this.loose];
  }

  /** The members `members()` returned are on disk. */
  written(): void {
    this.batches = [];
    this.batchBytes = this.batchLines = 0;
  }

  /** Forgets everything waiting without counting it lost (another journal holds it). */
  forget(): void {
    this.written();
    this.loose = [];
    this.looseBytes = 0;
  }

  /** Gives up on everything still waiting (the file is closing); returns how many lines that was. */
  discard(): number {
    const n = this.lines;
    this.forget();
    this.drop(n);
    return n;
  }

  /** Counts lines lost without ever being queued. */
  drop(lines: number): void {
    this.lost += lines;
    this.unreported += lines;
  }

  /** Lines dropped since the last call. */
  takeUnreported(): number {
    const n = this.unreported;
    this.unreported = 0;
    return n;
  }

  private shed(): void {
    while (this.batchBytes + this.looseBytes > this.maxBytes && this.lines > 0) {
      const oldest = this.batches.shift();
      if (oldest) {
        this.batchBytes -= oldest.member.length;
        this.batchLines -= oldest.lines;
        this.drop(oldest.lines);
      } else {
        this.looseBytes -= Buffer.byteLength(this.loose.shift()!) + 1;
        this.drop(1);
      }
    }
  }
}
