// Storage faults during an autoplayed match: the disk fills up (a small tmpfs), the journal
// turns read-only for a while or for the rest of the match, neither the journal nor its
// fallback can be written, and the journal's directory is removed while the referee runs.
// The players are told within a second, the records go on in a fallback journal, and no
// verdict is announced that a journal does not hold: when none can be written the match is
// paused until one can.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJournal, type JournalEvent } from '../../src/journal/journal.ts';
import type { JournalFs } from '../../src/journal/disk.ts';
import { replayJournal } from '../../src/journal/replay.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { flakyDisk } from '../journal/flaky-disk.ts';
import { Session, simBoard, useE2E } from './harness.ts';
import { cannotMount, fillUp, smallTmpfs } from './small-disk.ts';

const e2e = useE2E();

async function autoplayed(journalDir: string, more: { fallbackJournalDirs?: string[]; journalFs?: JournalFs } = {}) {
  const clock = e2e.startClock();
  const board = simBoard();
  e2e.defer(() => board.dispose());
  const s = await Session.start({ calibration: e2e.calibration, clock, board, autoplaySeed: 5, journalDir, ...more });
  e2e.defer(() => s.stop());
  const storage: { at: number; event: JournalEvent }[] = [];
  s.app.bus.on('storage', storage, (event) => storage.push({ at: performance.now(), event }));
  await s.next('game-started');
  return { s, storage };
}

/** The verdicts the journal holds, with those of its fallbacks in `fallbackDirs` (none: the journal's own file alone). */
function journaledVerdicts(path: string, fallbackDirs: readonly string[] = []): Verdict[] {
  const j = readJournal(path, undefined, { fallbackDirs });
  if (!j.ok) throw new Error(j.error.message);
  return j.value.records.flatMap((r) => (r.kind === 'verdict' ? [r.verdict] : []));
}

function replayed(path: string, fallbackDirs: readonly string[]): Verdict[] {
  const j = readJournal(path, undefined, { fallbackDirs });
  if (!j.ok) throw new Error(j.error.message);
  const r = replayJournal(j.value);
  if (!r.ok) throw new Error(r.error);
  expect(r.value.mismatch).toBeUndefined();
  return r.value.verdicts;
}

const dirIn = (name: string): string => join(mkdtempSync(join(tmpdir(), `senryaku-${name}-`)), name);
const moves = (s: Session): number => s.verdicts.filter((v) => v.type === 'move').length;

describe('storage faults', { timeout: 120_000 }, () => {
  it.skipIf(cannotMount)(
    'a full disk is announced within a second; refereeing goes on; once space is freed everything is written',
    async () => {
      const fs = smallTmpfs(2048);
      if (!fs) throw new Error('cannot mount a tmpfs');
      e2e.defer(() => fs.unmount());
      const fallback = dirIn('fallback');
      const { s, storage } = await autoplayed(fs.dir, { fallbackJournalDirs: [fallback] });
      await s.until('move');
      const filler = fillUp(fs.dir);
      const fullAt = performance.now();
      // The journal's last page may still take a batch or two (records reach the disk every
      // 500 ms); the first write that does not fit is announced at once.
      await s.run(2000);
      expect(storage.map((x) => x.event.kind)).toEqual(expect.arrayContaining(['write-failed', 'fallback']));
      expect(storage[0]!.at - fullAt).toBeLessThanOrEqual(2000);
      expect(s.output.some((l) => /JOURNAL FAULT/.test(l))).toBe(true);
      expect(s.output.some((l) => /JOURNAL FALLBACK: .*ENOSPC.*writing to the fallback journal/.test(l))).toBe(true);
      expect(s.app.snapshot()?.journal).toMatchObject({ state: 'fallback', path: expect.stringContaining(fallback) });

      const movesBefore = moves(s);
      await s.run(8000); // the match goes on while the disk is full
      expect(moves(s)).toBeGreaterThan(movesBefore);
      // Every verdict said is in the journal or its fallback.
      expect(journaledVerdicts(s.app.journalPath, [fallback]).slice(0, s.verdicts.length)).toEqual(s.verdicts);
      expect(journaledVerdicts(s.app.journalPath).length).toBeLessThan(s.verdicts.length);

      rmSync(filler);
      await s.run(1500);
      expect(storage.at(-1)?.event.kind).toBe('recovered');
      expect(s.app.snapshot()?.journal.state).toBe('main');
      await s.stop();
      // The journal is whole again by itself, and its fallback gone.
      expect(journaledVerdicts(s.app.journalPath)).toEqual(s.verdicts);
      expect(readdirSync(fallback)).toEqual([]);
    },
  );

  it('a journal read-only for the rest of the match: every verdict said is in its fallback, and the journal with it replays to all of them', async () => {
    const { down, fs } = flakyDisk();
    const journalDir = dirIn('journal');
    mkdirSync(journalDir);
    const fallback = dirIn('fallback');
    const { s, storage } = await autoplayed(journalDir, { fallbackJournalDirs: [fallback], journalFs: fs });
    await s.until('move');
    down.set(journalDir, 'EROFS');
    await s.run(1000);
    expect(storage.map((x) => x.event.kind)).toEqual(['write-failed', 'fallback']);
    const before = s.verdicts.length;
    const movesBefore = moves(s);
    await s.run(30_000);
    expect(moves(s)).toBeGreaterThan(movesBefore + 5);
    expect(s.app.snapshot()?.journal.state).toBe('fallback');
    await s.stop(); // the disk never came back: the match stays split
    const alone = journaledVerdicts(s.app.journalPath);
    expect(alone.length).toBeLessThanOrEqual(before + 2);
    expect(journaledVerdicts(s.app.journalPath, [fallback])).toEqual(s.verdicts);
    expect(replayed(s.app.journalPath, [fallback])).toEqual(s.verdicts);
  });

  it('a journal read-only for a while: on the fallback meanwhile, then whole again by itself', async () => {
    const { down, fs } = flakyDisk();
    const journalDir = dirIn('journal');
    mkdirSync(journalDir);
    const fallback = dirIn('fallback');
    const { s, storage } = await autoplayed(journalDir, { fallbackJournalDirs: [fallback], journalFs: fs });
    await s.until('move');
    down.set(journalDir, 'EROFS');
    const movesBefore = moves(s);
    await s.run(10_000);
    expect(moves(s)).toBeGreaterThan(movesBefore);
    down.clear();
    await s.run(1000);
    expect(storage.map((x) => x.event.kind)).toEqual(['write-failed', 'fallback', 'recovered']);
    await s.run(3000);
    await s.stop();
    expect(journaledVerdicts(s.app.journalPath)).toEqual(s.verdicts);
    expect(replayed(s.app.journalPath, [])).toEqual(s.verdicts);
    expect(readdirSync(fallback)).toEqual([]);
  });

  it('neither the journal nor its fallback writable: the match is paused, said, nothing said that is not kept; then it goes on', async () => {
    const { down, fs } = flakyDisk();
    const journalDir = dirIn('journal');
    mkdirSync(journalDir);
    const fallback = dirIn('fallback');
    const { s, storage } = await autoplayed(journalDir, { fallbackJournalDirs: [fallback], journalFs: fs });
    await s.until('move');
    down.set(journalDir, 'EROFS');
    down.set(fallback, 'EROFS');
    await s.run(1000);
    const said = s.verdicts.length;
    await s.run(10_000);
    expect(storage.map((x) => x.event.kind)).toEqual(['write-failed', 'unwritable']);
    expect(s.output.some((l) => /JOURNAL UNWRITABLE: .*no fallback either/.test(l))).toBe(true);
    expect(s.output.some((l) => /MATCH PAUSED: neither the journal nor a fallback journal can be written/.test(l))).toBe(true);
    expect(s.app.snapshot()?.journal.state).toBe('none');
    // Paused: nothing said since, and what was said is on disk.
    expect(s.verdicts.length).toBeLessThanOrEqual(said + 1);
    expect(journaledVerdicts(s.app.journalPath, [fallback])).toEqual(s.verdicts);

    down.delete(fallback); // the fallback's disk comes back first
    await s.run(1000);
    expect(storage.at(-1)?.event.kind).toBe('fallback');
    expect(s.output.some((l) => /the match goes on: .* refereed during the pause are said now/.test(l))).toBe(true);
    const movesBefore = moves(s);
    await s.run(10_000);
    expect(moves(s)).toBeGreaterThan(movesBefore);
    await s.stop();
    expect(journaledVerdicts(s.app.journalPath, [fallback])).toEqual(s.verdicts);
    expect(replayed(s.app.journalPath, [fallback])).toEqual(s.verdicts);
  });

  it('a journal directory removed while the referee runs is announced within a second and re-created with everything in it', async () => {
    const journalDir = join(mkdtempSync(join(tmpdir(), 'senryaku-removed-')), 'journal');
    mkdirSync(journalDir);
    const { s, storage } = await autoplayed(journalDir);
    await s.until('move');
    rmSync(journalDir, { recursive: true, force: true });
    const removedAt = performance.now();
    await s.run(1000);
    expect(storage.map((x) => x.event.kind)).toContain('file-removed');
    expect(storage[0]!.at - removedAt).toBeLessThanOrEqual(1000);
    await s.run(5000);
    await s.stop();
    expect(journaledVerdicts(s.app.journalPath)).toEqual(s.verdicts);
  });
});
