/**
 * Screenshots of the dashboard in fixed states of both games, to see that a change to the
 * page leaves its look alone: run it before and after the change with two labels and compare
 * the files (the board's own screenshots are byte for byte the same when nothing moved; the
 * whole page's also hold the verdicts' clocks, which differ from run to run).
 *
 * Run: npx tsx test/web/screens.ts LABEL   → .ci/out/look-LABEL-<state>-board.png and -page.png
 * Then: cmp .ci/out/look-before-senryaku-start-board.png .ci/out/look-after-senryaku-start-board.png
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { OUT_DIR, launchChromium } from './browser.ts';
import { Rig, type RigOptions } from './harness.ts';
import { until } from '../wait.ts';

const label = process.argv[2] ?? 'now';
type Window = { __dashboard: { boardDrawnAt?: number; verdicts: number } };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const post = (rig: Rig, body: unknown) =>
  fetch(`${rig.url}api/sim`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** Both screenshots of a state, once the page has every verdict said so far and has drawn them. */
async function shoot(page: Page, rig: Rig, state: string): Promise<void> {
  await page.waitForFunction((n) => (window as unknown as Window).__dashboard.verdicts >= n, rig.verdicts.length);
  await sleep(400);
  const path = (what: string) => join(OUT_DIR, `look-${label}-${state}-${what}.png`);
  await page.locator('#board svg').screenshot({ path: path('board'), animations: 'disabled' });
  await page.screenshot({ path: path('page'), fullPage: true, animations: 'disabled' });
  console.log(`${state}: ${path('board')}`);
}

async function withPage(browser: Browser, o: RigOptions, run: (page: Page, rig: Rig) => Promise<void>): Promise<void> {
  const rig = await Rig.start(o);
  try {
    await rig.until('game-started');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(rig.url);
    await page.waitForFunction(() => (window as unknown as Window).__dashboard.boardDrawnAt !== undefined);
    await run(page, rig);
    await page.close();
  } finally {
    await rig.stop();
  }
}

mkdirSync(OUT_DIR, { recursive: true });
const browser = await launchChromium();
try {
  // Senryaku: coloured spheres, both locked wells; a sphere in hand; a move; a foul to restore.
  await withPage(browser, { position: 'b5b/2B4/7/2W4/7/w5w w a1 a6' }, async (page, rig) => {
    await shoot(page, rig, 'senryaku-start');
    await post(rig, { action: 'lift', well: 'g1' });
    await rig.until('lifted');
    await shoot(page, rig, 'senryaku-lifted');
    await post(rig, { action: 'place', well: 'g2' });
    await rig.until('move');
    await shoot(page, rig, 'senryaku-moved');
    await post(rig, { action: 'lift', well: 'c3' });
    await rig.until('foul');
    await shoot(page, rig, 'senryaku-foul');
  });
  // A dead load cell: its well drawn blind.
  await withPage(browser, { position: '7/2B4/2W4/7/7/7 w - -' }, async (page, rig) => {
    rig.sim.setCellFault(13, { kind: 'dead' });
    await page.waitForSelector('[data-well="g2"][data-blind="true"]', { timeout: 10_000 });
    await shoot(page, rig, 'senryaku-blind');
  });
  // The board tipped: the crash drawn over it.
  await withPage(browser, { position: 'bb1B3/7/7/7/7/wwwW3 b - -' }, async (page, rig) => {
    await post(rig, { action: 'lift', well: 'a6' });
    await rig.until('game-over');
    await shoot(page, rig, 'senryaku-crash');
  });
  // Surakarta: both circuits and their loops; a capture round the small loop.
  await withPage(browser, { rules: 'surakarta', position: '6/6/6/6/x4x/1o2o1 x', seed: 11 }, async (page, rig) => {
    await shoot(page, rig, 'surakarta-start');
    // The captured piece first, then the capturer, each seen by the referee before the next.
    for (const well of ['b1', 'a2']) {
      const said = rig.verdicts.length;
      await post(rig, { action: 'lift', well });
      await until(`the lift from ${well}`, () => rig.verdicts.length > said);
    }
    await post(rig, { action: 'place', well: 'b1' });
    await rig.until('move');
    await shoot(page, rig, 'surakarta-captured');
  });
} finally {
  await browser.close();
}
