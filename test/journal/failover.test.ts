// The journal with a fallback: a journal whose directory stops taking writes goes on in a
// fallback journal, is made whole again when its disk returns, and a match left split (a
// kill while on the fallback) reads whole and is made whole by a resume.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sinon from 'sinon';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mergeFallbacks, type FallbackFile } from '../../src/journal/split.ts';
import { JournalWriter, readJournal, type JournalEvent, type JournalRecord } from '../../src/journal/journal.ts';
import { flakyDisk } from './flaky-disk.ts';
import { header } from './journal-fixture.ts';

const dirs: string[] = [];
const tmpDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'senryaku-failover-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const note = (n: number): JournalRecord => ({ kind: 'note', t: n, message: `record ${n}` });
const notes = (from: number, count: number): JournalRecord[] => Array.from({ length: count }, (_, i) => note(from + i));

function setUp(options: { maxPendingBytes?: number } = {}) {
  const disk = flakyDisk();
  const journalDir = tmpDir();
  const fallbackDirs = [join(tmpDir(), 'fallback-1'), join(tmpDir(), 'fallback-2')];
  const path = join(journalDir, 'match-x.jsonl.gz');
  const w = JournalWriter.create(path, header, { fs: disk.fs, fallbackDirs, retryMs: 500, ...options });
  if (!w.ok) throw new Error(w.error.message);
  const events: JournalEvent[] = [];
  w.value.onStorage((e) => events.push(e));
  return { ...disk, journalDir, fallbackDirs, path, writer: w.value, events };
}

function records(path: string, fallbackDirs: readonly string[]) {
  const read = readJournal(path, undefined, { fallbackDirs });
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
}
const notesIn = (path: string, fallbackDirs: readonly string[]) =>
  records(path, fallbackDirs).records.flatMap((r) => (r.kind === 'note' ? [r.t] : []));
const filesIn = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir) : []);
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('journal failover (fake timers)', () => {
  let clock: sinon.SinonFakeTimers;
  beforeAll(() => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterAll(() => clock.restore());
  afterEach(() => clock.reset());

  it('a journal that turns read-only goes on in the fallback: every flush durable, said, and read whole', () => {
    const t = setUp();
    for (const r of notes(1, 5)) t.writer.append(r);
    expect(t.writer.flush()).toBe(true);
    t.down.set(t.journalDir, 'EROFS');
    for (const r of notes(6, 5)) t.writer.append(r);
    expect(t.writer.flush()).toBe(true); // in the fallback
    expect(t.writer.status()).toEqual({ state: 'fallback', path: join(t.fallbackDirs[0]!, 'match-x.fallback-1-1.gz') });
    expect(t.events.map((e) => e.kind)).toEqual(['write-failed', 'fallback']);
    expect(t.events[1]!.message).toMatch(/EROFS.*writing to the fallback journal .*match-x\.fallback-1-1\.gz/);
    for (let i = 0; i < 10; i++) {
      t.writer.append(note(11 + i));
      clock.tick(500);
    }
    expect(t.writer.flush()).toBe(true);
    // Killed here: the journal alone lacks the fault's records; with its fallback it is whole.
    expect(notesIn(t.path, [])).toEqual(range(1, 5));
    expect(notesIn(t.path, t.fallbackDirs)).toEqual(range(1, 20));
    expect(records(t.path, t.fallbackDirs).fallbacks.applied).toHaveLength(1);
  });

  it('once the disk takes writes again the journal is whole and the fallback removed', () => {
    const t = setUp();
    for (const r of notes(1, 5)) t.writer.append(r);
    t.down.set(t.journalDir, 'ENOSPC');
    expect(t.writer.flush()).toBe(true);
    for (const r of notes(6, 5)) t.writer.append(r);
    expect(t.writer.flush()).toBe(true);
    expect(filesIn(t.fallbackDirs[0]!)).toHaveLength(1);
    t.down.clear();
    clock.tick(500); // the journal's retry writes what it kept
    expect(t.writer.status().state).toBe('main');
    expect(t.events.map((e) => e.kind)).toEqual(['write-failed', 'fallback', 'recovered']);
    expect(t.events[2]!.message).toMatch(/whole again, fallback .* removed/);
    expect(filesIn(t.fallbackDirs[0]!)).toEqual([]);
    t.writer.append(note(11));
    expect(t.writer.close()).toBe(true);
    expect(notesIn(t.path, [])).toEqual(range(1, 11));
  });

  it('neither writable: a flush says so; the records wait in memory and go to whichever takes them first', () => {
    const t = setUp();
    t.down.set(t.journalDir, 'EROFS');
    for (const d of t.fallbackDirs) t.down.set(d, 'EROFS');
    for (const r of notes(1, 5)) t.writer.append(r);
    expect(t.writer.flush()).toBe(false);
    expect(t.writer.status().state).toBe('none');
    expect(t.events.map((e) => e.kind)).toEqual(['write-failed', 'unwritable']);
    expect(t.events[1]!.message).toMatch(/no fallback either .*fallback-1: EROFS.*fallback-2: EROFS/);
    for (const r of notes(6, 5)) t.writer.append(r);
    clock.tick(2000);
    expect(t.writer.flush()).toBe(false);
    expect(t.events).toHaveLength(2); // said once
    t.down.delete(t.fallbackDirs[1]!); // the second fallback directory comes back first
    clock.tick(500);
    expect(t.writer.status()).toMatchObject({ state: 'fallback', path: expect.stringContaining('fallback-2') });
    expect(notesIn(t.path, t.fallbackDirs)).toEqual(range(1, 10));
    t.down.clear();
    clock.tick(500);
    expect(t.writer.status().state).toBe('main');
    expect(t.writer.close()).toBe(true);
    expect(notesIn(t.path, [])).toEqual(range(1, 10));
    expect(t.fallbackDirs.flatMap(filesIn)).toEqual([]);
  });

  it('a fallback that fails too is given up for one in the next directory, which holds everything the journal lacks', () => {
    const t = setUp();
    for (const r of notes(1, 3)) t.writer.append(r);
    t.down.set(t.journalDir, 'ENOSPC');
    expect(t.writer.flush()).toBe(true);
    for (const r of notes(4, 3)) t.writer.append(r);
    expect(t.writer.flush()).toBe(true);
    t.down.set(t.fallbackDirs[0]!, 'ENOSPC');
    for (const r of notes(7, 3)) t.writer.append(r);
    expect(t.writer.flush()).toBe(true);
    expect(t.writer.status().path).toContain('fallback-2');
    // Both fallbacks are left (the first one cannot even be removed): read together, in place.
    expect(notesIn(t.path, t.fallbackDirs)).toEqual(range(1, 9));
    expect(notesIn(t.path, t.fallbackDirs.slice(1))).toEqual(range(1, 9));
  });

  it('a match killed while on the fallback is made whole by the resume, and the fallback removed', () => {
    const t = setUp();
    for (const r of notes(1, 3)) t.writer.append(r);
    t.down.set(t.journalDir, 'EROFS');
    for (const r of notes(4, 4)) t.writer.append(r);
    expect(t.writer.flush()).toBe(true);
    // killed: nothing closed. The disk is back for the restart.
    t.down.clear();
    const resumed = JournalWriter.resume(t.path, { fallbackDirs: t.fallbackDirs });
    if (!resumed.ok) throw new Error(resumed.error.message);
    expect(resumed.value.contents.records.flatMap((r) => (r.kind === 'note' ? [r.t] : []))).toEqual(range(1, 7));
    resumed.value.writer.append(note(8));
    expect(resumed.value.writer.close()).toBe(true);
    expect(t.fallbackDirs.flatMap(filesIn)).toEqual([]);
    const whole = records(t.path, []);
    expect(whole.records.flatMap((r) => (r.kind === 'note' ? [r.t] : []))).toEqual(range(1, 8));
    expect(whole.sessions.map((s) => s.number)).toEqual([1, 2]);
  });

  it('a resume on a journal still read-only goes on in a new fallback; the three files read as one match, made whole by the next resume', () => {
    const t = setUp();
    for (const r of notes(1, 3)) t.writer.append(r);
    t.down.set(t.journalDir, 'EROFS');
    for (const r of notes(4, 4)) t.writer.append(r);
    expect(t.writer.flush()).toBe(true);
    const resumed = JournalWriter.resume(t.path, { fs: t.fs, fallbackDirs: t.fallbackDirs, retryMs: 500 });
    if (!resumed.ok) throw new Error(resumed.error.message);
    expect(resumed.value.writer.status().state).toBe('fallback');
    resumed.value.writer.append(note(8));
    expect(resumed.value.writer.flush()).toBe(true);
    const split = records(t.path, t.fallbackDirs);
    expect(split.records.flatMap((r) => (r.kind === 'note' ? [r.t] : []))).toEqual(range(1, 8));
    expect(split.sessions.map((s) => s.number)).toEqual([1, 2]);
    expect(resumed.value.writer.close()).toBe(true);
    // The disk returns for the next restart: the journal takes everything, both fallbacks go.
    t.down.clear();
    const again = JournalWriter.resume(t.path, { fallbackDirs: t.fallbackDirs });
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.writer.status().state).toBe('main');
    expect(again.value.writer.close()).toBe(true);
    expect(t.fallbackDirs.flatMap(filesIn)).toEqual([]);
    expect(notesIn(t.path, [])).toEqual(range(1, 8));
    expect(records(t.path, []).sessions.map((s) => s.number)).toEqual([1, 2, 3]);
  });

  it('past the memory bound the journal file is let go, the fallback goes on alone, and the match stays split, read whole', () => {
    const t = setUp({ maxPendingBytes: 4000 }); // (the header fits)
    t.writer.append(note(1));
    t.down.set(t.journalDir, 'EROFS');
    expect(t.writer.flush()).toBe(true);
    for (let i = 2; i <= 300; i++) {
      t.writer.append(note(i));
      if (i % 10 === 0) expect(t.writer.flush()).toBe(true);
      clock.tick(100); // the journal file's retries find its queue over the bound
    }
    expect(t.events.at(-1)).toMatchObject({ kind: 'fallback', message: expect.stringMatching(/stays in the fallback/) });
    t.down.clear();
    clock.tick(2000);
    expect(t.writer.close()).toBe(true);
    expect(t.writer.droppedRecords).toBe(0);
    expect(notesIn(t.path, t.fallbackDirs)).toEqual(range(1, 300));
  });
});

describe('fallbacks put back in place', () => {
  const fallback = (mainLines: number, lines: string[]): FallbackFile => ({
    path: `f${mainLines}`,
    preamble: {
      kind: 'fallback',
      format: 'senryaku-journal-fallback',
      matchId: 'm',
      journal: 'j',
      headerCrc: 0,
      session: 1,
      mainLines,
      startedAt: '',
    },
    lines,
  });

  it('takes whichever goes further: the fallback, or a journal that already holds it', () => {
    const main = ['h', 'a', 'b'];
    expect(mergeFallbacks(main, [fallback(2, ['b', 'c', 'd'])])).toMatchObject({ lines: ['h', 'a', 'b', 'c', 'd'], applied: ['f2'] });
    expect(mergeFallbacks(main, [fallback(1, ['a', 'b'])])).toMatchObject({ lines: main, included: ['f1'] });
    expect(mergeFallbacks(main, [fallback(1, ['a'])])).toMatchObject({ lines: main, included: ['f1'] });
  });

  it('leaves out, and says, a fallback that disagrees with the journal or continues lines it does not have', () => {
    const main = ['h', 'a', 'b'];
    const r = mergeFallbacks(main, [fallback(1, ['a', 'x', 'y']), fallback(5, ['z'])]);
    expect(r.lines).toEqual(main);
    expect(r.problems).toEqual([
      'f1 differs from the journal at its line 3: left out',
      'f5 continues the journal after line 5, but it has 3: left out',
    ]);
  });

  it('the fallback of another journal of the same name is not taken for its own', () => {
    const t = setUp();
    t.down.set(t.journalDir, 'EROFS');
    t.writer.append(note(1));
    expect(t.writer.flush()).toBe(true); // match-x's fallback holds note 1
    const other = join(tmpDir(), 'match-x.jsonl.gz');
    const w = JournalWriter.create(other, { ...header, matchId: 'another', startedAt: '2026-12-01T00:00:00.000Z' });
    if (!w.ok) throw new Error(w.error.message);
    w.value.append(note(7));
    w.value.close();
    expect(notesIn(other, t.fallbackDirs)).toEqual([7]);
    expect(records(other, t.fallbackDirs).fallbacks).toEqual({ applied: [], included: [], problems: [] });
    expect(notesIn(t.path, t.fallbackDirs)).toEqual([1]);
  });
});
