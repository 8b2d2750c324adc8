/**
 * Debian's Chromium driven by playwright-core for the dashboard's browser tests: one browser
 * per test file, headless, with a fresh profile (playwright makes one per launch); screenshots kept under .ci/out/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const OUT_DIR = '.ci/out';

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function screenshot(page: Page, state: string): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  await page.screenshot({ path: join(OUT_DIR, `dashboard-${state}.png`), fullPage: true });
}

/** Clicks a well or point of the board on the page. */
export async function clickWell(page: Page, well: string): Promise<void> {
  await page.locator(`#board [data-well="${well}"]`).click();
}

/** Waits until the page lists a verdict of this type (the n-th of its type, from 1). */
export async function verdictShown(page: Page, type: string, n = 1, timeout = 45_000): Promise<void> {
  await page.waitForFunction(
    ([t, k]) => document.querySelectorAll(`#verdicts [data-type="${t}"]`).length >= Number(k),
    [type, n] as const,
    {
      timeout,
    },
  );
}
