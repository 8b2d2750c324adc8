/**
 * Dashboard bench: how fast the web dashboard loads with a game in progress, against a
 * minimal page in the same Chromium; how soon a verdict the referee says (on the bus, where
 * the terminal prints it) is on the page; and what the page's script weighs.
 *
 * Each run starts a referee on the simulated board with the dashboard attached (the test rig,
 * test/web/harness.ts) and plays two moves of a Senryaku game by sim-play requests, then:
 *   - page load, the dashboard: a fresh page in Chromium (headless, Debian's /usr/bin/chromium).
 *     The clock is the page's own: it starts at navigation start (performance.timeOrigin,
 *     when page.goto asks for the URL) and stops when the board has first been drawn with the
 *     position (performance.now() read by the page after the SVG is in the document);
 *   - page load, the minimal page (test/web/minimal-page.ts: an HTML shell, a stylesheet and a
 *     module script that draws one SVG circle, from a node:http server): the same clock, from
 *     navigation start to its circle in the document. The two loads of a run alternate which
 *     goes first, and each run's pair gives one ratio (dashboard / minimal);
 *   - verdict to page: the page's clock when the verdict is in its list, minus the server's
 *     clock when the bus said it (the same machine clock: performance.timeOrigin + now()
 *     against Date.now()), for every verdict of the moves and the capture that follow.
 * The script's bytes: as bundled (raw), gzip and brotli (node:zlib, as the server compresses),
 * and what the server sends a browser that accepts `br, gzip`.
 *
 * Run: npm run bench:dashboard [-- --runs N]   (default 5)
 */
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { PAGE_BUILD, PAGE_ENTRY } from '../src/web/assets.ts';
import { launchChromium } from '../test/web/browser.ts';
import { Rig } from '../test/web/harness.ts';
import { MinimalPage } from '../test/web/minimal-page.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const OPENING = 'b5b/2B4/7/2W4/7/w5w w - -';

interface Probe {
  boardDrawnAt?: number;
  timings: { seq: number; heardMs: number; shownMs: number }[];
}
type Window = { __dashboard: Probe; __minimal?: { drawnAt: number } };

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

/** The minimal page's load: navigation start to its one circle drawn, on the page's clock. */
async function loadMinimal(browser: Browser, url: string): Promise<number> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as Window).__minimal !== undefined);
  const ms = await page.evaluate(() => (window as unknown as Window).__minimal!.drawnAt);
  await page.close();
  return ms;
}

/** The script's bytes as the server sends them to a browser that accepts brotli and gzip. */
function servedScript(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL('app.js', url), { headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'none') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The bundle as the server's page build makes it, with esbuild's account of each module's bytes. */
async function bundleReport(): Promise<string[]> {
  const { build } = await import('esbuild');
  const out = await build({ ...PAGE_BUILD, entryPoints: [PAGE_ENTRY], write: false, outfile: 'app.js', metafile: true });
  const script = out.outputFiles[0]!.contents;
  const inputs = Object.entries(Object.values(out.metafile.outputs)[0]!.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
  return [
    `page script: ${script.length} bytes raw, ${gzipSync(script, { level: 9 }).length} gzip -9, ${brotliCompressSync(script).length} brotli (node:zlib), ${inputs.length} modules`,
    `  biggest: ${inputs
      .slice(0, 6)
      .map(([path, i]) => `${path.replace(/^src\//, '')} ${i.bytesInOutput}`)
      .join(', ')}`,
  ];
}

const browser = await launchChromium();
const version = browser.version();
const minimal = await MinimalPage.start();
const dashboardLoads: number[] = [];
const minimalLoads: number[] = [];
const ratios: number[] = [];
const delays: number[] = [];
let served = { bytes: 0, encoding: 'none' };
try {
  for (let run = 0; run < runs; run++) {
    const rig = await Rig.start({ position: OPENING });
    try {
      await rig.until('game-started');
      await move(rig, 'a1', 'a2', 'a1-a2');
      await move(rig, 'a6', 'a5', 'a6-a5');
      served = await servedScript(rig.url);
      // Page load with the game in progress, and the minimal page: in turn first.
      const minimalFirst = run % 2 === 0;
      const before = minimalFirst ? await loadMinimal(browser, minimal.url) : undefined;
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(rig.url);
      await page.waitForFunction(() => (window as unknown as Window).__dashboard.boardDrawnAt !== undefined);
      const load = await page.evaluate(() => (window as unknown as Window).__dashboard.boardDrawnAt!);
      const baseline = before ?? (await loadMinimal(browser, minimal.url));
      process.stderr.write(`run ${run + 1}/${runs}: dashboard ${load.toFixed(1)} ms, minimal ${baseline.toFixed(1)} ms\n`);
      dashboardLoads.push(load);
      minimalLoads.push(baseline);
      ratios.push(load / baseline);
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
      const timings = await page.evaluate(() => (window as unknown as Window).__dashboard.timings);
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
  await minimal.stop();
  await browser.close();
}
console.log(`dashboard bench: ${runs} runs, Chromium ${version} headless on this machine`);
console.log(`page load with a game in progress (navigation start → board drawn): ${fmt(dashboardLoads)}`);
console.log(`minimal page, same Chromium, alternating (navigation start → its one SVG drawn): ${fmt(minimalLoads)}`);
console.log(`dashboard / minimal, per run: median ${pct(ratios, 50).toFixed(2)}× (${ratios.map((r) => r.toFixed(2)).join(', ')})`);
console.log(`verdict on the bus/terminal → on the page: ${fmt(delays)}`);
for (const line of await bundleReport()) console.log(line);
console.log(`served to a browser accepting br, gzip: ${served.bytes} bytes (Content-Encoding: ${served.encoding})`);
