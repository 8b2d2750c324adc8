/**
 * Dashboard bench: how fast the web dashboard loads with a game in progress, and how soon a
 * verdict the referee says (on the bus, where the terminal prints it) is on the page.
 *
 * Each run starts a referee on the simulated board with the dashboard attached (the test rig,
 * test/web/harness.ts), plays four moves of a Senryaku game by sim-play requests, then:
 *   - page load: a fresh page in Chromium (headless, Debian's /usr/bin/chromium) from
 *     navigation start to the board drawn with the position (performance.now() on the page);
 *   - verdict to page: the page's clock when the verdict is in its list, minus the server's
 *     clock when the bus said it (the same machine clock: performance.timeOrigin + now()
 *     against Date.now()), for every verdict of the moves and the capture that follow.
 *
 * Run: npm run bench:dashboard [-- --runs N]   (default 5)
 */
import { parseArgs } from 'node:util';
import { launchChromium } from '../test/web/browser.ts';
import { Rig } from '../test/web/harness.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const OPENING = 'b5b/2B4/7/2W4/7/w5w w - -';

interface Probe {
  boardDrawnAt?: number;
  timings: { seq: number; heardMs: number; shownMs: number }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const post = (rig: Rig, body: unknown) =>
  fetch(`${rig.url}api/sim`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

async function move(rig: Rig, from: string, to: string, notation: string): Promise<void> {
  await post(rig, { action: 'lift', well: from });
  await sleep(350);
  await post(rig, { action: 'place', well: to });
  await rig.until('move', (v) => v.move === notation);
}

const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
const fmt = (xs: number[]): string =>
  `median ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} samples)`;

const browser = await launchChromium();
const loads: number[] = [];
const delays: number[] = [];
try {
  for (let run = 0; run < runs; run++) {
    const rig = await Rig.start({ position: OPENING });
    try {
      await rig.until('game-started');
      await move(rig, 'a1', 'a2', 'a1-a2');
      await move(rig, 'a6', 'a5', 'a6-a5');
      // Page load with the game in progress.
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(rig.url);
      await page.waitForFunction(() => (window as unknown as { __dashboard: Probe }).__dashboard.boardDrawnAt !== undefined);
      loads.push(await page.evaluate(() => (window as unknown as { __dashboard: Probe }).__dashboard.boardDrawnAt!));
      // Verdicts said while the page is open.
      await move(rig, 'c3', 'c4', 'c3-c4');
      await move(rig, 'g6', 'g5', 'g6-g5');
      await post(rig, { action: 'lift', well: 'c5' });
      await sleep(350);
      await post(rig, { action: 'lift', well: 'c4' });
      await sleep(350);
      await post(rig, { action: 'place', well: 'c5' });
      await rig.until('game-over');
      await sleep(200);
      const timings = await page.evaluate(() => (window as unknown as { __dashboard: Probe }).__dashboard.timings);
      for (const t of timings) {
        const said = rig.saidMs.get(t.seq);
        if (said !== undefined) delays.push(t.shownMs - said);
      }
      await page.close();
    } finally {
      await rig.stop();
    }
  }
} finally {
  await browser.close();
}
console.log(`dashboard bench: ${runs} runs, Chromium headless on this machine`);
console.log(`page load with a game in progress (navigation start → board drawn): ${fmt(loads)}`);
console.log(`verdict on the bus/terminal → on the page: ${fmt(delays)}`);
