// The scoring board on the real path: the referee's scoreboard service drives johnny-five and
// firmata-io over serialport to StandardFirmata (the prebuilt .hex) on a simulated Uno, and
// the three MAX7219s modelled on its pins latch what the chips would show. Checked by reading
// the latched registers back (ScoreboardUno.picture): a capture win, a crash, a match end,
// and the board blanked when the referee stops.
//
// The animation runs on a ManualScheduler (it moves only when the test says), so the picture
// the service last asked for is fixed; the test then waits on register writes, not a clock.
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/app/event-bus.ts';
import { ScoreboardService } from '../../src/app/scoreboard/index.ts';
import { ScoreboardUno, type Max7219Picture } from '../../src/hardware/avr/index.ts';
import { LedScoreboard, ledImage, type ScoreboardFrame } from '../../src/hardware/scoreboard/index.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { ManualScheduler } from '../../src/util/scheduler.ts';
import { V } from '../hardware/scoreboard/harness.ts';
import { buildScoreboardSim, useFirmwareSim } from './artifacts.ts';
import { runScoreboardSim } from '../../src/cli/commands/scoreboard-sim.ts';
import { scoreboardCommand } from '../../src/cli/commands/scoreboard.ts';
import { until } from '../wait.ts';

const { skip, cleanups } = useFirmwareSim(buildScoreboardSim);

/** A match to N = 5: a capture win (2), a crash (1), then a capture that ends it (5 points). */
const TRACK_LENGTH = 5;
const TIMING = { stepMs: 100, blinkMs: 500 };
/** Long enough for any marker to walk the whole track and settle. */
const ANIMATION_MS = 2_000;

const hexRows = (rows: readonly number[]) => rows.map((b) => `0x${b.toString(16).padStart(2, '0')}`);

describe.skipIf(skip)('the LED scoring board through StandardFirmata on a simulated Uno', () => {
  it(
    'shows a capture win, a crash and the match end as the chips latch them, and is blank once stopped',
    { timeout: 300_000 },
    async () => {
      const started = await ScoreboardUno.start();
      if (!started.ok) throw new Error(started.error.message);
      const uno = started.value;
      cleanups.push(() => uno.stop());

      const bus = new EventBus();
      const notices: string[] = [];
      bus.on('notice', {}, (n) => notices.push(`${n.level}: ${n.message}`));
      // The simulated Uno runs slower than real time on a busy machine: its StandardFirmata answers
      // in 2 s idle, and a first open that timed out would be retried only on the test's manual clock.
      const display = new LedScoreboard({ port: uno.ptyPath, readyTimeoutMs: 120_000 });
      const shown: ScoreboardFrame[] = [];
      const show = display.show.bind(display);
      display.show = (frame) => (shown.push(frame), show(frame));
      const scheduler = new ManualScheduler();
      const service = new ScoreboardService({ bus, trackLength: TRACK_LENGTH, display, timing: TIMING, scheduler });
      cleanups.push(() => service.stop());

      /** Feeds the verdicts, lets the animation run `ms`, and waits until the chips show the last frame asked for. */
      const play = async (verdicts: readonly Verdict[], what: string, ms = ANIMATION_MS): Promise<Max7219Picture> => {
        for (const v of verdicts) bus.emit('verdict', v);
        scheduler.advance(ms);
        const last = shown.at(-1)!;
        await uno.until(() => uno.shows(ledImage(last)), what);
        return uno.picture();
      };

      await service.start();
      await uno.until(() => display.connected && shown.length > 0 && uno.shows(ledImage(shown.at(-1)!)), 'the start of the match');
      expect(notices).toEqual([`info: scoring board on ${uno.ptyPath} connected`]);
      let p = uno.picture();
      expect(p.on).toEqual({ U1: true, U2: true, U3: true });
      // A's red marker in hole 0, B's green one in hole 5; no lamp; nothing scored.
      expect(hexRows(p.trackRows)).toEqual(hexRows([0x40, 0, 0, 0, 0, 0x20, 0, 0]));
      expect(p.digits).toEqual({ A: 'P  0G  0', B: 'P  0G  0' });

      // Game 1: A (White) captures for 2 points; game 2 starts with B on White, White to move.
      p = await play(
        [V.gameStarted(1), V.move('white'), V.move('black'), V.gameOver(1, 'white', 'A', 2, { A: 2, B: 0 }), V.gameStarted(2, 'B')],
        'the capture win',
      );
      expect(hexRows(p.trackRows)).toEqual(hexRows([0, 0, 0x40, 0, 0, 0x20, 0, 0x40]));
      expect(p.digits).toEqual({ A: 'P  2G  1', B: 'P  0G  0' });

      // Game 2: White (B) crashes the board: the crash lamp, then 1 point to A.
      p = await play([V.move('white'), V.crash('white')], 'the crash');
      expect(p.trackRows[7]! & 0x08).toBe(0x08);
      p = await play([V.gameOver(2, 'black', 'A', 1, { A: 3, B: 0 })], 'the crash game scored');
      expect(p.trackRows.slice(0, 6)).toEqual([0, 0, 0, 0x40, 0, 0x20]);
      expect(p.digits).toEqual({ A: 'P  3G  2', B: 'P  0G  0' });

      // Game 3: A captures again; 5 points reach B's start: the match is A's.
      p = await play(
        [V.gameStarted(3, 'A'), V.move('white'), V.gameOver(3, 'white', 'A', 2, { A: 5, B: 0 }), V.matchOver('A', { A: 5, B: 0 }, 3)],
        'the match end',
      );
      expect(p.digits).toEqual({ A: 'P  5G  3', B: 'P  0G  0' });
      // The whole track in A's red (it flashes: lit, or dark in the off half of the blink), B's marker stays.
      const red = p.trackRows.slice(0, 6).map((b) => b & 0x40);
      expect([Array(6).fill(0x40), Array(6).fill(0)]).toContainEqual(red);
      expect(p.trackRows[5]! & 0x20).toBe(0x20);
      // Half a blink on, the chips show the other half.
      const before = red[0];
      p = await play([], 'the other half of the blink', TIMING.blinkMs);
      expect(p.trackRows[0]! & 0x40).toBe(before === 0 ? 0x40 : 0);

      // Stopping the referee blanks the board: every chip shut down before the port closes.
      await service.stop();
      await uno.until(() => Object.values(uno.picture().on).every((on) => !on), 'all three chips shut down');
    },
  );
});

describe.skipIf(skip)('senryaku scoreboard sim', () => {
  it('gives a pty that `scoreboard test` walks; what each step lit is printed as the chips hold it', { timeout: 300_000 }, async () => {
    const printed: string[] = [];
    const stop = new AbortController();
    cleanups.push(async () => stop.abort());
    const sim = runScoreboardSim({ trackLength: 1 }, { out: (l) => printed.push(l), err: (l) => printed.push(`err: ${l}`) }, stop.signal);
    await until('the pty line', () => printed.length > 0, 90_000, 50);
    const pty = /^pty: (\/dev\/pts\/\d+)$/.exec(printed[0]!)?.[1];
    expect(pty, printed[0]).toBeDefined();

    // StandardFirmata answers in 2 s idle; the command's 10 s for a real Uno is too little for a simulated one on a busy machine.
    // Each step is held 1 s: the simulated Uno runs in real time, and on a machine at load 10-12 a step's
    // 16 digit writes took longer than a 250 ms hold, so the next step began before the last digit latched.
    const walkErr: string[] = [];
    const walked = await scoreboardCommand(
      ['test', '--port', pty!, '--track', '1', '--pause', '1000'],
      { out: () => {}, err: (l) => walkErr.push(l) },
      { readyTimeoutMs: 120_000 },
    );
    expect([walked, walkErr]).toEqual([0, []]);
    await until('the board blanked at the end', () => printed.includes('(dark: the chips are shut down)'), 90_000, 50);
    stop.abort();
    expect(await sim).toBe(0);

    const pictures = printed.slice(1).join('\n');
    // Each digit on both displays, each hole's red then green, each lamp: in the order walked.
    const expected = [
      ...Array.from({ length: 10 }, (_, d) => `A "${String(d).repeat(8)}" | B "${String(d).repeat(8)}" | -`),
      'A [A .] B',
      'A [B .] B',
      'A [. A] B',
      'A [. B] B',
      ...['white', 'black', 'foul', 'crash'].map((lamp) => `A "        " | B "        " | ${lamp}`),
    ];
    let from = 0;
    for (const line of expected) {
      const at = pictures.indexOf(line, from);
      expect(at, `${line} after position ${from} in:\n${pictures}`).toBeGreaterThanOrEqual(0);
      from = at + line.length;
    }
  });
});
