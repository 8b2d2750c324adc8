// A journal cut at 30 random byte offsets (a crash mid-write can leave any of them): the cut
// journal replays without a word of difference from what it stored, `--resume` repairs it and
// appends a new session, and the repaired journal replays too.
import { copyFileSync, mkdtempSync, readFileSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalWriter, readJournal } from '../../src/journal/journal.ts';
import { replayJournal } from '../../src/journal/replay.ts';
import { Rng } from '../../src/util/rng.ts';
import { Session, simBoard, useE2E } from './harness.ts';

const e2e = useE2E();

describe('torn journal tails', { timeout: 120_000 }, () => {
  it('cut at 30 random offsets: replay and resume both succeed, and agree with what was stored', async () => {
    const clock = e2e.startClock();
    const board = simBoard();
    e2e.defer(() => board.dispose());
    const s = await Session.start({ calibration: e2e.calibration, clock, board, autoplaySeed: 9 });
    await s.run(40_000);
    await s.stop();
    const whole = s.app.journalPath;
    const size = statSync(whole).size;
    expect(s.verdicts.filter((v) => v.type === 'move').length).toBeGreaterThan(3);

    const dir = mkdtempSync(join(tmpdir(), 'senryaku-torn-'));
    const rng = new Rng(30);
    for (let i = 0; i < 30; i++) {
      const cut = rng.int(1, size - 1);
      const path = join(dir, `cut-${i}.jsonl.gz`);
      copyFileSync(whole, path);
      truncateSync(path, cut);
      const context = `cut at byte ${cut} of ${size}`;

      const read = readJournal(path);
      if (!read.ok) {
        // Only a cut inside the header's own member leaves no journal to speak of.
        expect(read.error.code, context).toBe('NoHeader');
        continue;
      }
      const replayed = replayJournal(read.value);
      expect(replayed.ok && replayed.value.mismatch, context).toBeUndefined();
      const stored = read.value.records.flatMap((r) => (r.kind === 'verdict' ? [r.verdict] : []));
      expect(stored, context).toEqual(s.verdicts.slice(0, stored.length));

      const resumed = JournalWriter.resume(path);
      if (!resumed.ok) throw new Error(`${context}: ${resumed.error.message}`);
      resumed.value.writer.append({ kind: 'note', t: 1, message: 'after the repair' });
      expect(resumed.value.writer.close()).toBe(true);
      if (resumed.value.repaired) expect(readFileSync(resumed.value.repaired.asidePath).length, context).toBe(resumed.value.repaired.bytes);
      const after = readJournal(path);
      if (!after.ok) throw new Error(`${context}: ${after.error.message}`);
      expect(after.value.tornTail, context).toBe(false);
      expect(after.value.sessions.length, context).toBe(read.value.sessions.length + 1);
      const again = replayJournal(after.value);
      expect(again.ok && again.value.mismatch, context).toBeUndefined();
    }
  });
});
