/**
 * A realistic journal for the journal bench, the same on every run: a referee session on
 * the simulated board with the simulated players (the `senryaku referee --sim --autoplay`
 * stack, nothing stubbed), run in virtual time as test/e2e does, so minutes of play take
 * seconds. It returns the lines the referee journaled.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autoplaySession } from '../test/support/autoplay-session.ts';
import { CalibrationStore } from '../src/calibration/store.ts';
import { readJournalLines } from '../src/journal/file.ts';
import { calibrateSimulatedBoard } from '../src/app/sim-calibration.ts';
import { VirtualClock } from '../src/app/virtual-clock.ts';

const STEP_MS = 250;

export async function simulatedJournal(o: {
  minutes: number;
  seed: number;
  log: (line: string) => void;
}): Promise<{ lines: string[]; bytes: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'senryaku-bench-journal-'));
  try {
    const calibration = await calibrateSimulatedBoard({ seed: o.seed, store: new CalibrationStore(join(dir, 'calibration')) });
    if (!calibration.ok) throw new Error(calibration.error);
    const clock = new VirtualClock({ stepMs: STEP_MS });
    try {
      const app = await autoplaySession({ seed: o.seed, clock, calibration: calibration.value, journalDir: join(dir, 'journal') });
      await app.start();
      // Until the match is over, or the cap on simulated time.
      const played = await clock.fastForward(app.finished, o.minutes * 60_000);
      o.log(`  ${played.ok ? 'the match ended' : `${o.minutes} min of play simulated`} after ${(clock.nowMs / 60_000).toFixed(1)} min`);
      await clock.fastForward(app.stop(), 60_000);
    } finally {
      await clock.stop();
    }
    const [file] = readdirSync(join(dir, 'journal'));
    const path = join(dir, 'journal', file!);
    const read = readJournalLines(path);
    if (!read.ok) throw new Error(read.error.message);
    return { lines: read.value.lines, bytes: statSync(path).size };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
