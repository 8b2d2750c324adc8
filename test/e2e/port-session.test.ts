// `senryaku referee --port PATH` on a real pseudo-terminal (socat), in real time: the
// board's boot HELLO (the one a Mega sends when its port is opened) reaches the journal and
// the pipeline, so a later reboot of the board is seen as a new boot and the board read afresh.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CalibrationStore } from '../../src/calibration/store.ts';
import { readJournal } from '../../src/journal/journal.ts';
import { replayJournal } from '../../src/journal/replay.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { main } from '../../src/cli/main.ts';
import { SimPty, createSimBoard, simScript as act } from '../../src/hardware/sim/index.ts';
import { START_SPN } from '../../src/games/senryaku/rules/spn.ts';
import { refereeFiles } from '../support/referee-argv.ts';
import { skipWithout } from '../system-tools.ts';
import { until } from '../wait.ts';
import { referenceBoard } from './harness.ts';

const SEED = 7;
const noSocat = skipWithout('socat', 'socat');
let dir: string;
const cleanups: (() => unknown)[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'senryaku-port-session-'));
  const cal = await calibrateSimulatedBoard({ seed: SEED, store: new CalibrationStore(join(dir, 'cal')) });
  if (!cal.ok) throw new Error(cal.error);
}, 60_000);

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

describe('referee --port on a pty', () => {
  it.skipIf(noSocat)(
    'journals the boot HELLO first, and after the board reboots mid-move says the move made meanwhile',
    { timeout: 60_000 },
    async () => {
      const created = createSimBoard({ seed: SEED, ...referenceBoard(), position: START_SPN, clock: 'timers' });
      if (!created.ok) throw new Error(created.error.message);
      const sim = created.value;
      sim.start();
      cleanups.push(() => sim.stop());
      const pty = new SimPty(sim);
      const path = await pty.start();
      if (!path.ok) throw new Error(path.error.message);
      cleanups.push(() => pty.stop());

      const out: string[] = [];
      const err: string[] = [];
      const journalDir = join(dir, 'journal');
      const running = main(['referee', '--port', path.value, '--json', ...refereeFiles(dir, journalDir)], {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      });
      cleanups.push(async () => {
        process.emit('SIGINT');
        await running;
      });
      const verdicts = () => out.map((l) => JSON.parse(l) as { type: string; move?: string; unheard?: boolean });
      const seen = (type: string) => verdicts().filter((v) => v.type === type).length;

      await until('game-started', () => seen('game-started') === 1);
      await sim.play(act().lift('b1', { afterMs: 200 }).place('b2', { afterMs: 400 }));
      await until('the move', () => seen('move') === 1);
      // The board reboots while Black holds a sphere, and Black puts it down while it boots.
      await sim.play(act().lift('g6', { afterMs: 300 }));
      sim.reboot();
      await sim.play(act().place('g5', { afterMs: 300 }));
      // The board was not heard while the sphere went down: the only legal move that explains
      // the board found is g6-g5, said as a move seen on reconnect.
      await until('the move made while the board rebooted', () => seen('move') === 2);
      expect(verdicts().filter((v) => v.type === 'move')[1]).toMatchObject({ move: 'g6-g5', unheard: true });

      process.emit('SIGINT');
      expect(await running).toBe(0);
      cleanups.pop();
      expect(err.filter((l) => /internal error/.test(l))).toEqual([]);
      expect(verdicts().filter((v) => v.type === 'foul')).toEqual([]);

      const journalPath = /journal (\S+)$/.exec(err.find((l) => /Refereeing/.test(l)) ?? '')?.[1];
      const journal = readJournal(journalPath ?? '');
      if (!journal.ok) throw new Error(journal.error.message);
      const firstIn = journal.value.records.find((r) => r.kind === 'line' && r.dir === 'in');
      expect(firstIn?.kind === 'line' && firstIn.line.startsWith('HELLO 0000 ')).toBe(true);
      const replayed = replayJournal(journal.value);
      expect(replayed.ok && replayed.value.mismatch).toBeUndefined();
      expect(replayed.ok && replayed.value.verdicts.map((v) => v.type)).toEqual(verdicts().map((v) => v.type));
    },
  );
});
