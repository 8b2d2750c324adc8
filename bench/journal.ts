/**
 * Journal bench (issue 9, goal ≤ 15 MB per hour of play): the journal's size when written
 * through JournalFile (one gzip member per flush), split by record kind, and the cost of
 * a flush (gzip, write and fdatasync) on this machine's disk, beside its reference: after each
 * flush, a plain write of as many bytes and an fdatasync on a file of its own (raw fdatasync,
 * what the disk costs whatever the journal does), so the ratio holds from disk to disk.
 *
 * The stream is a simulated referee session (bench/journal-stream.ts): one whole match
 * with seed 1 (about 3.5 minutes of play, 9 s to simulate), the same on every run; or
 * pass a journal file (plain or gzip) to measure that one instead. Flushes fall where the
 * referee puts them: every second of journal time and at every verdict.
 * Run: npm run bench:journal [-- --seed N] [-- --minutes CAP] [-- FILE]
 */
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FrameDeltaDecoder } from '../src/journal/frame-delta.ts';
import { encodeMember } from '../src/journal/gzip-members.ts';
import { nodeFs } from '../src/journal/disk.ts';
import { JournalFile, readJournalLines, type JournalFs } from '../src/journal/file.ts';
import { simulatedJournal } from './journal-stream.ts';

const { values, positionals } = parseArgs({
  options: { minutes: { type: 'string', default: '30' }, seed: { type: 'string', default: '1' } },
  allowPositionals: true,
});

interface Entry {
  readonly line: string;
  readonly kind: string;
  readonly t: number | undefined;
}

/** The lines of each flush: a new batch once a second of journal time has passed, and after every verdict. */
function batches(entries: readonly Entry[], everyMs: number): Entry[][] {
  const out: Entry[][] = [];
  let batch: Entry[] = [];
  let since: number | undefined;
  for (const e of entries) {
    if (e.t !== undefined && since !== undefined && e.t - since >= everyMs && batch.length > 0) {
      out.push(batch);
      batch = [];
      since = e.t;
    }
    if (since === undefined && e.t !== undefined) since = e.t;
    batch.push(e);
    if (e.kind === 'verdict') {
      out.push(batch);
      batch = [];
      since = e.t;
    }
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

const compressed = (bs: readonly Entry[][], keep: (e: Entry) => boolean = () => true, level?: number): number =>
  bs.reduce((n, b) => {
    const lines = b.filter(keep).map((e) => e.line);
    return lines.length === 0 ? n : n + encodeMember(lines, level).length;
  }, 0);
const raw = (es: readonly Entry[]): number => es.reduce((n, e) => n + Buffer.byteLength(e.line) + 1, 0);

const percentile = (xs: readonly number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

/** Writes the stream through a real JournalFile, one flush per batch, timing each flush and its write + fdatasync part. */
function writeThrough(bs: readonly Entry[][]): { bytes: number; flushMs: number[]; ioMs: number[]; rawMs: number[] } {
  const dir = mkdtempSync(join(tmpdir(), 'senryaku-bench-journal-file-'));
  try {
    let io = 0;
    const timed =
      <A extends unknown[], R>(f: (...a: A) => R) =>
      (...a: A): R => {
        const t0 = performance.now();
        try {
          return f(...a);
        } finally {
          io += performance.now() - t0;
        }
      };
    const fs: JournalFs = {
      ...nodeFs,
      writeSync: timed((...a: Parameters<typeof nodeFs.writeSync>) => nodeFs.writeSync(...a)),
      fdatasyncSync: timed((fd: number) => nodeFs.fdatasyncSync(fd)),
    };
    const path = join(dir, 'match.jsonl.gz');
    const reference = openSync(join(dir, 'reference.bin'), 'a');
    const created = JournalFile.create(path, { fs, batchMs: 3_600_000 });
    if (!created.ok) throw new Error(created.error.message);
    const file = created.value;
    const flushMs: number[] = [];
    const ioMs: number[] = [];
    const rawMs: number[] = [];
    let size = statSync(path).size;
    for (const b of bs) {
      for (const e of b) file.write(e.line);
      io = 0;
      const t0 = performance.now();
      if (!file.flush()) throw new Error('a flush failed');
      flushMs.push(performance.now() - t0);
      ioMs.push(io);
      // The reference: the same number of bytes written plainly and made durable.
      const grown = statSync(path).size - size;
      size += grown;
      const t1 = performance.now();
      writeSync(reference, Buffer.alloc(Math.max(1, grown), 0x61));
      fdatasyncSync(reference);
      rawMs.push(performance.now() - t1);
    }
    file.close();
    closeSync(reference);
    return { bytes: statSync(path).size, flushMs, ioMs, rawMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const log = (line: string) => console.log(line);
let lines: string[];
let fileBytes: number;
if (positionals[0]) {
  const read = readJournalLines(positionals[0]);
  if (!read.ok) throw new Error(read.error.message);
  lines = read.value.lines;
  fileBytes = statSync(positionals[0]).size;
  log(`journal ${positionals[0]}: ${lines.length} lines`);
} else {
  log(`simulating up to ${values.minutes} min of refereed play (seed ${values.seed}, virtual time)...`);
  ({ lines, bytes: fileBytes } = await simulatedJournal({ minutes: Number(values.minutes), seed: Number(values.seed), log }));
}
const entries: Entry[] = lines.map((line) => {
  const r = JSON.parse(line) as { kind: string; t?: number };
  return { line, kind: r.kind, t: r.t };
});
const times = entries.flatMap((e) => (e.t === undefined ? [] : [e.t]));
const spanMs = Math.max(...times) - Math.min(...times);
const perHour = (bytes: number): string => `${((bytes * 3_600_000) / spanMs / 1e6).toFixed(1)} MB/h`;
const bs = batches(entries, 1000);

log(`\nstream: ${(spanMs / 60_000).toFixed(1)} min of journal time, ${entries.length} lines`);
log(`the journal file as the referee wrote it: ${perHour(fileBytes)}  (received frames as deltas, a gzip member per flush)`);
log(`\nthe same lines re-written with a flush every second and at every verdict (${bs.length} flushes):`);
const plain = raw(entries);
const written = writeThrough(bs);
log(`plain JSON lines:          ${perHour(plain)}`);
log(`gzip member per flush:     ${perHour(written.bytes)}  (ratio ${(plain / written.bytes).toFixed(2)}; the file JournalFile wrote)`);

log('\nby record kind (each kind compressed alone, same flushes):');
log('  kind        lines     plain        gzip');
for (const kind of [...new Set(entries.map((e) => e.kind))]) {
  const of = entries.filter((e) => e.kind === kind);
  log(
    `  ${kind.padEnd(9)} ${String(of.length).padStart(7)}  ${perHour(raw(of)).padStart(11)}  ${perHour(compressed(bs, (e) => e.kind === kind)).padStart(10)}`,
  );
}

log('\nwhat else would change the size:');
log(`  gzip level 9:              ${perHour(compressed(bs, undefined, 9))}`);
log(`  flush every 10 s:          ${perHour(compressed(batches(entries, 10_000)))}`);
log(`  without 'sensing' records: ${perHour(compressed(bs, (e) => e.kind !== 'sensing'))}`);
// Received lines as the board sent them (v2 journals store frame deltas): what the deltas save.
let frames = new FrameDeltaDecoder();
const rawFrames = entries.map((e) => {
  const r = JSON.parse(e.line) as { kind: string; dir?: string; line?: string };
  if (r.kind === 'session') frames = new FrameDeltaDecoder();
  if (r.kind !== 'line' || r.dir !== 'in') return e;
  const line = frames.decode(r.line!);
  return line.ok ? { ...e, line: JSON.stringify({ ...r, line: line.value }) } : e;
});
log(`  FRAME lines not delta-coded: ${perHour(compressed(batches(rawFrames, 1000)))}  (plain ${perHour(raw(rawFrames))})`);

log(`\nflush cost on ${tmpdir()} (${bs.length} flushes, ${Math.round(raw(entries) / bs.length)} plain bytes each on average):`);
log(
  `  flush() (gzip + write + fdatasync): median ${percentile(written.flushMs, 0.5).toFixed(2)} ms, p99 ${percentile(written.flushMs, 0.99).toFixed(2)} ms`,
);
log(
  `  write + fdatasync alone:            median ${percentile(written.ioMs, 0.5).toFixed(2)} ms, p99 ${percentile(written.ioMs, 0.99).toFixed(2)} ms`,
);
log(
  `  reference, raw write + fdatasync:   median ${percentile(written.rawMs, 0.5).toFixed(2)} ms, p99 ${percentile(written.rawMs, 0.99).toFixed(2)} ms (as many bytes, a file of its own, after each flush)`,
);
const ratios = written.flushMs.map((f, i) => f / written.rawMs[i]!);
log(
  `  flush / raw fdatasync:              median ${percentile(ratios, 0.5).toFixed(2)} per flush (what the journal adds to what the disk costs); load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
