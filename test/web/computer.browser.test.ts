// A person plays the computer (level 1) in Chromium on the simulated board, to the game's end:
// the page lists the computer's move and draws its wells lit; the person carries it out by
// clicks on the page's board, asks for a hint with the Hint button (its wells drawn lit, the
// count in the verdict), carries the hinted move out, and the page shows the game over.
// A short game by its position: White (the computer) has only its coloured sphere, in a corner
// where every step it can make stands next to a Black sphere that may capture it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ComputerService } from '../../src/app/computer/computer-service.ts';
import { createAdvisor } from '../../src/app/computer/create-advisor.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';
import { LIGHT_COLOURS, type LightRole } from '../../src/presentation/lights/colours.ts';
import { realScheduler } from '../../src/util/scheduler.ts';
import { skipWithout } from '../system-tools.ts';
import { CHROMIUM, clickWell, launchChromium, screenshot, verdictShown } from './browser.ts';
import { OPERATOR, Rig } from './harness.ts';

const SENRYAKU = BUILT_IN_RULESETS.byId('senryaku');
if (!SENRYAKU.ok) throw new Error(SENRYAKU.error.message);
/** White's coloured sphere on a1, Black's plain spheres on a3 and c2, Black's coloured on g6; White to move. */
const POSITION = '6B/7/7/b6/2b4/W6 w - -';
const SEED = 5;
const css = (role: LightRole): string => `#${LIGHT_COLOURS[role].toString(16).padStart(6, '0')}`;

/** The colour the page draws a well lit in, or null when it is dark. */
const ledOf = (page: Page, well: string): Promise<string | null> => page.getAttribute(`#board [data-well="${well}"]`, 'data-led');

/** Waits until the page draws this well lit in one of these colours. */
async function drawnLit(page: Page, well: string, roles: readonly LightRole[]): Promise<void> {
  await page.waitForFunction(
    ([w, colours]) => colours.includes(document.querySelector(`#board [data-well="${w}"]`)?.getAttribute('data-led') ?? ''),
    [well, roles.map(css)] as const,
    { timeout: 45_000 },
  );
}

/** The text of the n-th verdict of this type the page lists (from 1, oldest first). */
async function verdictText(page: Page, type: string, n: number): Promise<string> {
  await verdictShown(page, type, n);
  const texts = await page.$$eval(`#verdicts [data-type="${type}"]`, (els) => els.map((e) => e.textContent ?? ''));
  // The list is newest first.
  return texts[texts.length - n]!;
}

/** A move in the referee's notation: `a1-a2` a step, `a3xa2` a capture. */
function parseMove(move: string): { from: string; to: string; capture: boolean } {
  const m = /^([a-z]\d+)([-x])([a-z]\d+)$/.exec(move);
  if (!m) throw new Error(`not a move: ${move}`);
  return { from: m[1]!, to: m[3]!, capture: m[2] === 'x' };
}

/** The move carried out by clicks on the page's board, each lift seen by the referee before the next click. */
async function carryOut(page: Page, rig: Rig, move: string): Promise<void> {
  const { from, to, capture } = parseMove(move);
  /** Clicks a sphere to lift it and waits for the referee to say so (a capture's first lift is its start). */
  const lift = async (well: string): Promise<void> => {
    const since = rig.verdicts.length;
    await clickWell(page, well);
    await expect
      .poll(
        () =>
          rig.verdicts
            .slice(since)
            .some((v) => (v.type === 'lifted' && v.well === well) || (v.type === 'capture-started' && v.captured === well)),
        { timeout: 45_000, interval: 50 },
      )
      .toBe(true);
  };
  if (capture) {
    // The enemy coloured sphere first, then the capturer, set down (the one picked in hand) where the captured stood.
    await lift(to);
    const captured = await page.getAttribute('#hand-line [data-piece]', 'data-piece');
    await clickWell(page, from);
    await page.waitForFunction(() => document.querySelectorAll('#hand-line [data-piece]').length === 2, undefined, { timeout: 45_000 });
    const capturer = await page.$$eval(
      '#hand-line [data-piece]',
      (els, c) => els.map((e) => e.getAttribute('data-piece')).find((p) => p !== c),
      captured,
    );
    await page.click(`#hand-line [data-piece="${capturer}"]`);
    await page.waitForSelector(`#hand-line [data-piece="${capturer}"][aria-pressed="true"]`);
  } else {
    await lift(from);
  }
  await clickWell(page, to);
  await rig.until('move', (v) => v.move === move);
}

describe.skipIf(skipWithout(CHROMIUM, 'chromium', ['--version']))('a person plays the computer in Chromium', { timeout: 240_000 }, () => {
  it('the computer’s move and a hint drawn lit, both carried out on the page, to the game’s end', async () => {
    const computer = new ComputerService(
      {
        settings: { seatOf: () => ({ player: 'A', side: 'white', level: 1 }), hints: undefined },
        scheduler: realScheduler,
        io: { out: () => {}, err: () => {} },
        notice: () => {},
      },
      createAdvisor(SENRYAKU.value, undefined, undefined, SEED),
    );
    const browser = await launchChromium();
    const rig = await Rig.start({ position: POSITION, seed: SEED, lights: { destinations: false }, services: [computer], hints: computer });
    try {
      await rig.until('game-started');
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(rig.url);
      await page.fill('#login-name', OPERATOR.name);
      await page.fill('#login-password', OPERATOR.password);
      await page.click('#login-submit');
      await page.waitForSelector('#op-hint:not([disabled])');

      // The computer (White) moves: the page says which move and draws its wells lit.
      const said = await verdictText(page, 'computer-move', 1);
      const computerMove = /plays (\S+): carry it out/.exec(said)?.[1];
      expect(computerMove, said).toBeDefined();
      const legal = SENRYAKU.value.position(POSITION);
      expect(legal.ok && legal.value.moves().map((m) => m.notation)).toContain(computerMove);
      const cm = parseMove(computerMove!);
      await drawnLit(page, cm.from, ['lift']);
      await drawnLit(page, cm.to, ['destination']);
      await screenshot(page, 'computer-move');
      await carryOut(page, rig, computerMove!);

      // The person (Black) asks for a hint: the page says it with the count, and draws it lit.
      await page.click('#op-hint');
      const hintSaid = await verdictText(page, 'hint', 1);
      expect(hintSaid).toContain('1st hint this match');
      const hinted = /: (\S+)$/.exec(hintSaid.trim())?.[1];
      expect(hinted, hintSaid).toBeDefined();
      const hm = parseMove(hinted!);
      await drawnLit(page, hm.from, ['lift']);
      await drawnLit(page, hm.to, ['capture', 'destination']);
      expect(await ledOf(page, hm.from)).toBe(css('lift'));
      await screenshot(page, 'computer-hint');
      // Every White step stands next to a Black sphere: the best move takes the coloured sphere.
      expect(hm.capture, hinted).toBe(true);
      await carryOut(page, rig, hinted!);

      // The page shows the game over: Black (the person) wins.
      await verdictShown(page, 'game-over');
      const over = await verdictText(page, 'game-over', 1);
      expect(over).toMatch(/Black/);
      expect(rig.verdicts.filter((v) => v.type === 'foul')).toEqual([]);
      await screenshot(page, 'computer-over');
      await page.close();
    } finally {
      await rig.stop();
      await browser.close();
    }
  });
});
