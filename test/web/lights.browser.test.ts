// The board's well LEDs drawn on the dashboard, in Chromium: the simulated board's own LEDs
// for a page that plays on it, what the board acknowledged for one that does not (a ring of
// the LED's colour round each lit well; `data-led` names the colour).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIGHT_COLOURS, type LightRole } from '../../src/presentation/lights/colours.ts';
import { skipWithout } from '../system-tools.ts';
import { CHROMIUM, clickWell, launchChromium, screenshot } from './browser.ts';
import { Rig } from './harness.ts';

/** Senryaku's start position: the simulated board is set up so. */
const START = 'bbbBbbb/7/7/7/7/wwwWwww w - -';
const css = (role: LightRole): string => `#${LIGHT_COLOURS[role].toString(16).padStart(6, '0')}`;

/** The lit wells the page draws, as `well:#rrggbb`, sorted. */
const drawn = (page: Page): Promise<string[]> =>
  page.$$eval('#board [data-led]', (els) => els.map((e) => `${e.getAttribute('data-well')}:${e.getAttribute('data-led')}`).sort());

/** The page has drawn the board and hears the match (as the dashboard's own test waits before a click). */
async function ready(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as { __dashboard: { boardDrawnAt?: number } }).__dashboard.boardDrawnAt !== undefined,
  );
  await page.waitForFunction(() => document.querySelector('#phase')?.textContent?.includes('to move') === true);
}

async function drawnAs(page: Page, wanted: readonly string[]): Promise<void> {
  await page.waitForFunction(
    (w) =>
      JSON.stringify(
        [...document.querySelectorAll('#board [data-led]')]
          .map((e) => `${e.getAttribute('data-well')}:${e.getAttribute('data-led')}`)
          .sort(),
      ) === w,
    JSON.stringify(wanted),
    { timeout: 45_000 },
  );
  expect(await drawn(page)).toEqual(wanted);
}

describe.skipIf(skipWithout(CHROMIUM, 'chromium', ['--version']))('the well LEDs on the dashboard', { timeout: 240_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('a lift’s destinations and a foul’s wells, drawn as the simulated board lights them', async () => {
    const rig = await Rig.start({ position: START, lights: { destinations: true } });
    try {
      await rig.until('game-started');
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(rig.url);
      await ready(page);
      await clickWell(page, 'e1');
      await rig.until('lifted');
      await drawnAs(page, [`d2:${css('destination')}`, `e1:${css('lift')}`, `e2:${css('destination')}`, `f2:${css('destination')}`]);
      await screenshot(page, 'lights-lift');
      expect(await page.getAttribute('#board [data-well="e1"]', 'aria-label')).toContain('its light on');
      // Set down two wells forward: a foul; the wells to put right.
      await clickWell(page, 'e3');
      await rig.until('foul');
      await drawnAs(page, [`e1:${css('restore')}`, `e3:${css('remove')}`]);
      await screenshot(page, 'lights-foul');
      // What the board acknowledged (the state a page joining now starts from) is what the simulated board's LEDs show.
      let acknowledged: unknown;
      for (let tries = 0; tries < 200 && JSON.stringify(acknowledged) !== JSON.stringify(rig.sim.litWells()); tries++) {
        acknowledged = ((await (await fetch(new URL('/api/state', rig.url))).json()) as { lights?: unknown }).lights;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(acknowledged).toEqual({ e1: LIGHT_COLOURS.restore, e3: LIGHT_COLOURS.remove });
      await page.close();
    } finally {
      await rig.stop();
    }
  });

  it('a page that does not play on the board draws what the board acknowledged', async () => {
    const rig = await Rig.start({ position: START, lights: { destinations: true }, sim: false });
    try {
      await rig.until('game-started');
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(rig.url);
      await ready(page);
      void rig.sim.lift('e1');
      await drawnAs(page, [`d2:${css('destination')}`, `e1:${css('lift')}`, `e2:${css('destination')}`, `f2:${css('destination')}`]);
      void rig.sim.place('e2');
      await drawnAs(page, [`e1:${css('last-move')}`, `e2:${css('last-move')}`]);
      await page.close();
    } finally {
      await rig.stop();
    }
  });
});
