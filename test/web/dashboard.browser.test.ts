// The dashboard in Debian's Chromium (playwright-core): whole games played by clicks on the
// simulated board, every verdict the referee says appearing on the page, a foul made and
// restored by clicks, the keyboard, a phone-sized screen, the spectator's refusals, the
// operator's login and a new match from the form the page builds of the game's own options. Screenshots of each state go to .ci/out/; the page's load time and each
// verdict's way from the terminal to the page are measured and written to
// .ci/out/dashboard-timing.json (logged, never asserted).
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithout } from '../system-tools.ts';
import { CHROMIUM, OUT_DIR, clickWell, launchChromium, screenshot, verdictShown } from './browser.ts';
import { OPERATOR, Rig } from './harness.ts';
import { until } from '../wait.ts';
import { rulesetById } from '../../src/games/registry.ts';
import { sidesOf } from '../../src/rulesets/computer-seat.ts';

/** Senryaku: W c3 and B c5 with a few plain spheres; five moves to White's capture of the coloured sphere. */
const SENRYAKU_GAME = 'b5b/2B4/7/2W4/7/w5w w - -';
/** Surakarta: a2 can capture b1 round the small loop, f2 can capture e1. */
const SURAKARTA_GAME = '6/6/6/6/x4x/1o2o1 x';

interface Probe {
  boardDrawnAt?: number;
  verdicts: number;
  timings: { seq: number; type: string; heardMs: number; shownMs: number }[];
}
const probe = (page: Page): Promise<Probe> => page.evaluate(() => (window as unknown as { __dashboard: Probe }).__dashboard);

/** Every verdict the referee has said is on the page, in its words, numbered as the match numbers them. */
async function expectEveryVerdict(page: Page, rig: Rig): Promise<void> {
  await page.waitForFunction((n) => document.querySelectorAll('#verdicts [data-seq]').length >= n, rig.verdicts.length, {
    timeout: 45_000,
  });
  const shown = await page.$$eval('#verdicts [data-seq]', (els) =>
    els.map((e) => [Number(e.getAttribute('data-seq')), e.getAttribute('data-type')]),
  );
  const bySeq = new Map(shown.map(([seq, type]) => [seq, type]));
  rig.verdicts.forEach((v, i) => expect(bySeq.get(i + 1), `verdict ${i + 1} (${v.type})`).toBe(v.type));
}

/**
 * Clicks a piece to lift it and waits until the referee has seen the lift (it says `lifted`,
 * or `capture-started` for a capture's first piece) before the next click: a fixed pause
 * between the clicks let a stalled server take both in the same simulated millisecond.
 */
async function pickUp(page: Page, rig: Rig, well: string): Promise<void> {
  const from = rig.verdicts.length;
  await clickWell(page, well);
  await until(`the lift from ${well}`, () =>
    rig.verdicts.slice(from).some((v) => (v.type === 'lifted' && v.well === well) || (v.type === 'capture-started' && v.captured === well)),
  );
}

/** A step by clicks: the sphere, then the well; waits for the referee's move. */
async function step(page: Page, rig: Rig, from: string, to: string, move: string): Promise<void> {
  await pickUp(page, rig, from);
  await clickWell(page, to);
  await rig.until('move', (v) => v.move === move);
}

/** A field of the new-match form as the page built it, or as a game's descriptor declares it. */
type FormField =
  | { name: string; type: 'number'; min: number; max: number }
  | { name: string; type: 'text'; pattern: string }
  | { name: string; choices: string[] };

/** The option fields of the operator's new-match form, as the page has them. */
const formFields = (page: Page): Promise<FormField[]> =>
  page.$$eval('#new-match [data-option]', (els) =>
    els.map((e): FormField => {
      const name = e.getAttribute('data-option')!;
      if (e instanceof HTMLSelectElement) return { name, choices: [...e.options].map((o) => o.value).filter((v) => v !== '') };
      const input = e as HTMLInputElement;
      return input.type === 'number'
        ? { name, type: 'number', min: Number(input.min), max: Number(input.max) }
        : { name, type: 'text', pattern: input.pattern };
    }),
  );

/** The fields the game's descriptor declares (Ruleset.options), then the computer's seat where an engine plays the game. */
function declaredFields(id: string): FormField[] {
  const game = rulesetById(id);
  if (!game.ok) throw new Error(game.error.message);
  const own = game.value.options.map(({ name, schema }): FormField => {
    if (schema.type === 'integer') return { name, type: 'number', min: schema.minimum, max: schema.maximum };
    if ('enum' in schema) return { name, choices: [...schema.enum] };
    return { name, type: 'text', pattern: schema.pattern };
  });
  const sides = sidesOf(game.value).join('|');
  return game.value.engine ? [...own, { name: 'computer', type: 'text', pattern: `(off|(${sides})(:([1-9]|10))?)` }] : own;
}

/** Logs the page in as the operator and waits for the operator's controls. */
async function logIn(page: Page): Promise<void> {
  await page.fill('#login-name', OPERATOR.name);
  await page.fill('#login-password', OPERATOR.password);
  await page.click('#login-submit');
  await page.waitForSelector('#op-agree');
}

const timing = { pageLoadMs: [] as number[], verdictToPageMs: [] as number[] };

describe.skipIf(skipWithout(CHROMIUM, 'chromium', ['--version']))('the dashboard in Chromium', { timeout: 300_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    if (timing.verdictToPageMs.length === 0) return;
    mkdirSync(OUT_DIR, { recursive: true });
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const summary = {
      pageLoadMs: timing.pageLoadMs,
      verdictToPageMs: {
        median: median(timing.verdictToPageMs),
        max: Math.max(...timing.verdictToPageMs),
        samples: timing.verdictToPageMs.length,
      },
    };
    writeFileSync(`${OUT_DIR}/dashboard-timing.json`, `${JSON.stringify(summary, null, 2)}\n`);
    console.log('dashboard timing', JSON.stringify(summary));
  });

  it('a Senryaku game played by clicks, with a foul made and restored, every verdict on the page', async () => {
    const rig = await Rig.start({ position: SENRYAKU_GAME, store: true });
    try {
      await rig.until('game-started');
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.goto(rig.url);
      await page.waitForFunction(() => (window as unknown as { __dashboard: Probe }).__dashboard.boardDrawnAt !== undefined);
      expect(await page.textContent('#phase')).toContain('White to move');

      // A foul: White lifts Black's sphere; the page names it and the well to restore, then the sphere goes back.
      await clickWell(page, 'a6');
      await verdictShown(page, 'foul');
      // In words, not the verdict's code (which stays in the JSON and MQTT verdicts).
      expect(await page.textContent('#foul h2')).toBe('Foul by White: not your sphere');
      expect(await page.textContent('#verdicts')).toContain('FOUL by White (1st this game, not your sphere)');
      expect(await page.textContent('#foul-slot')).not.toContain('NotYourSphere');
      expect(await page.textContent('#foul')).toMatch(/put the 'b' sphere back on a6/);
      expect(await page.getAttribute('#board [data-well="a6"]', 'class')).toContain('restore');
      await screenshot(page, 'senryaku-foul');
      await clickWell(page, 'a6');
      await verdictShown(page, 'restored');
      expect(await page.locator('#foul').count()).toBe(0);
      // A sphere rolled instead of lifted, by the roll control, and rolled back.
      await page.click('#mode-roll');
      await clickWell(page, 'g1');
      await clickWell(page, 'g2');
      await verdictShown(page, 'foul', 2);
      expect(await page.textContent('#foul h2')).toBe('Foul by White: rolled sphere');
      expect(await page.textContent('#verdicts')).not.toMatch(/NotYourSphere|\bRolled\b/);
      await page.waitForTimeout(600);
      await clickWell(page, 'g2');
      await clickWell(page, 'g1');
      await verdictShown(page, 'restored', 2);
      await page.click('#mode-move');
      // A hand resting on the rim a moment is no foul.
      await page.click('#hand-rim');
      await page.waitForTimeout(800);

      // The game, by clicks; one move by the keyboard alone.
      await step(page, rig, 'a1', 'a2', 'a1-a2');
      await step(page, rig, 'a6', 'a5', 'a6-a5');
      const beforeKey = rig.verdicts.length;
      await page.focus('#board [data-well="c3"]');
      await page.keyboard.press('Enter');
      await until('the lift from c3', () => rig.verdicts.slice(beforeKey).some((v) => v.type === 'lifted' && v.well === 'c3'));
      await page.focus('#board [data-well="c4"]');
      await page.keyboard.press(' ');
      await rig.until('move', (v) => v.move === 'c3-c4');
      await step(page, rig, 'g6', 'g5', 'g6-g5');
      await screenshot(page, 'senryaku-play');
      // The capture: the coloured sphere taken first, then the capturer onto its well.
      await pickUp(page, rig, 'c5');
      await pickUp(page, rig, 'c4');
      await expect.poll(() => page.textContent('#hand-line')).toContain('coloured white sphere');
      await clickWell(page, 'c5');
      await rig.until('game-over');
      await verdictShown(page, 'game-over');
      await expectEveryVerdict(page, rig);
      expect(await page.textContent('#moves')).toContain('5. White c4xc5');
      expect(rig.verdicts.filter((v) => v.type === 'foul')).toHaveLength(2);
      expect(await page.textContent('#score')).toMatch(/Alice 2 pts/);
      expect(await page.textContent('#last-move')).toBe('White c4xc5');
      await screenshot(page, 'senryaku-over');

      // The match in the store's history, replayed with the slider: position 0 is game 1's start.
      await page.click('#history-load');
      await page.click(`[data-match="${rig.app.matchId}"]`);
      await page.waitForSelector('#replay-slider');
      expect(await page.textContent('#replay-label')).toContain('6/6 · white c4xc5');
      await page.focus('#replay-slider');
      await page.keyboard.press('Home');
      expect(await page.textContent('#replay-label')).toContain('1/6 · Game 1: start');
      expect(await page.locator('#replay [data-piece]').count()).toBe(6);
      await page.keyboard.press('ArrowRight');
      expect(await page.textContent('#replay-label')).toContain('2/6 · white a1-a2');
      await page.locator('#replay').scrollIntoViewIfNeeded();
      await screenshot(page, 'replay');

      // Latency: each verdict from the bus (where the terminal prints it) to the page's list.
      for (const t of (await probe(page)).timings) {
        const said = rig.saidMs.get(t.seq);
        if (said !== undefined) timing.verdictToPageMs.push(Math.round((t.shownMs - said) * 10) / 10);
      }
      // A page that joins late, with the game in progress: load time to the board drawn.
      for (let i = 0; i < 3; i++) {
        const late = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        await late.goto(rig.url);
        await late.waitForFunction(() => (window as unknown as { __dashboard: Probe }).__dashboard.boardDrawnAt !== undefined);
        const p = await probe(late);
        timing.pageLoadMs.push(Math.round(p.boardDrawnAt! * 10) / 10);
        expect(p.verdicts).toBe(rig.verdicts.length);
        await late.close();
      }
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await rig.stop();
    }
  });

  it('a Surakarta game played by clicks, then the operator logs in and ends game 2 by agreement (a spectator cannot), and starts a match to 3 points from the form', async () => {
    const rig = await Rig.start({ rules: 'surakarta', position: SURAKARTA_GAME, seed: 11 });
    try {
      await rig.until('game-started');
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(rig.url);
      await page.waitForSelector('#board [data-well="b1"]');
      await screenshot(page, 'surakarta-start');
      // a2 takes b1 round the small loop: the captured piece first.
      await pickUp(page, rig, 'b1');
      await pickUp(page, rig, 'a2');
      await clickWell(page, 'b1');
      await rig.until('move', (v) => v.move === 'a2xb1');
      await step(page, rig, 'e1', 'e2', 'e1-e2');
      await pickUp(page, rig, 'e2');
      await pickUp(page, rig, 'f2');
      await clickWell(page, 'e2');
      await rig.until('game-over');
      await verdictShown(page, 'game-over');
      await expectEveryVerdict(page, rig);
      expect(await page.textContent('#moves')).toContain('3. Light f2xe2');
      await screenshot(page, 'surakarta-over');

      // A spectator: no operator controls, and the server refuses the action asked for by hand.
      expect(await page.locator('#op-agree').count()).toBe(0);
      const refused = await page.evaluate(async () => {
        const r = await fetch('/api/operator/end-by-agreement', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        });
        return { status: r.status, body: (await r.json()) as unknown };
      });
      expect(refused).toEqual({ status: 403, body: { error: 'operator actions need an operator login' } });
      await screenshot(page, 'spectator');

      // A helper sets the pieces out for game 2; the operator logs in on the page and ends it by agreement.
      await rig.until('setup');
      await page.click('#sim-setup');
      await rig.until('game-started', (v) => v.game === 2);
      await page.fill('#login-name', OPERATOR.name);
      await page.fill('#login-password', 'not the password');
      await page.click('#login-submit');
      await expect.poll(() => page.textContent('#login-status')).toContain('no operator');
      await page.fill('#login-password', OPERATOR.password);
      await page.click('#login-submit');
      await page.waitForSelector('#op-agree');
      await page.waitForSelector('#cell-loads');
      await screenshot(page, 'operator');
      page.once('dialog', (d) => void d.accept());
      await page.click('#op-agree');
      await rig.until('game-over', (v) => v.game === 2 && v.reason === 'agreement');
      await verdictShown(page, 'game-over', 2);
      await expectEveryVerdict(page, rig);

      // The match is over (two games): a new one from the form, built of Surakarta's own option
      // (a match of N games or to N points), to 3 points between new players.
      expect(await formFields(page)).toEqual(declaredFields('surakarta'));
      expect((await formFields(page)).map((f) => f.name)).toEqual(['match', 'computer']);
      await page.fill('#nm-option-match', 'points:0');
      expect(await page.$eval('#nm-option-match', (e) => (e as HTMLInputElement).validity.patternMismatch)).toBe(true);
      await page.fill('#nm-option-match', 'points:3');
      await page.fill('#nm-player-A', 'Cy');
      await page.fill('#nm-player-B', 'Di');
      const before = rig.app.matchId;
      await page.click('#op-new-match');
      const started = await until('the new match', () => rig.host.current?.matchId !== before && rig.host.current);
      expect(started.matchHeader?.settings).toMatchObject({ match: 'points:3', players: { A: 'Cy', B: 'Di' } });
      await expect.poll(() => page.textContent('#match-title')).toBe('Surakarta · Cy v Di');
      // The request's answer, though the page redrew its operator panel for the new match before it came.
      await expect.poll(() => page.textContent('#operator-status')).toContain(`"players":{"A":"Cy","B":"Di"}`);
      await screenshot(page, 'new-match');
      await page.close();
    } finally {
      await rig.stop();
    }
  });

  it("the operator's new-match form is Senryaku's own options; a match from it is played on that track", async () => {
    const rig = await Rig.start({ position: SENRYAKU_GAME });
    try {
      await rig.until('game-started');
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(rig.url);
      await logIn(page);
      expect(await formFields(page)).toEqual(declaredFields('senryaku'));
      expect((await formFields(page)).map((f) => f.name)).toEqual(['track', 'colours', 'computer']);
      // The match in progress is left for the new one (the operator says so).
      await page.fill('#nm-option-track', '3');
      await page.selectOption('#nm-option-colours', 'fixed');
      await page.check('#op-force');
      const before = rig.app.matchId;
      await page.click('#op-new-match');
      const started = await until('the new match', () => rig.host.current?.matchId !== before && rig.host.current);
      // The players were left empty: the last match's stay.
      expect(started.matchHeader?.settings).toMatchObject({
        match: { trackLength: 3, colours: 'fixed' },
        players: { A: 'Alice', B: 'Bob' },
      });
      await expect.poll(() => page.textContent('#operator-status')).toMatch(/^done: .*"ruleset":"senryaku"/);
      await page.close();
    } finally {
      await rig.stop();
    }
  });

  it('a load cell that dies: its well is drawn blind for a spectator, and said, until it works again', async () => {
    const rig = await Rig.start({ position: '7/2B4/2W4/7/7/7 w - -' });
    try {
      await rig.until('game-started');
      const page = await browser.newPage();
      await page.goto(rig.url);
      await page.waitForFunction(() => (window as unknown as { __dashboard: Probe }).__dashboard.boardDrawnAt !== undefined);
      rig.sim.setCellFault(13, { kind: 'dead' }); // g2 (seed 7: its raw 0 reads as less than nothing)
      await page.waitForSelector('[data-well="g2"][data-blind="true"]', { timeout: 10_000 });
      expect(await page.getAttribute('[data-well="g2"]', 'aria-label')).toContain('blind');
      expect(await page.textContent('#sensors')).toContain('Blind: g2');
      await verdictShown(page, 'sensor-fault');
      await screenshot(page, 'blind-well');
      rig.sim.setCellFault(13, undefined);
      await page.waitForSelector('[data-well="g2"]:not([data-blind])', { timeout: 10_000 });
      expect(await page.$('#sensors')).toBeNull();
      await page.close();
    } finally {
      await rig.stop();
    }
  });

  it('a long game: the move list scrolls down to its latest move, never sideways out of sight', async () => {
    const rig = await Rig.start({ position: SENRYAKU_GAME });
    try {
      await rig.until('game-started');
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(rig.url);
      await page.waitForFunction(() => (window as unknown as { __dashboard: Probe }).__dashboard.boardDrawnAt !== undefined);
      // 40 plies as the journal announces moves (the list's layout is what is tested, not the refereeing).
      const { app } = rig;
      for (let ply = 1; ply <= 40; ply++) {
        const side = ply % 2 === 1 ? 'white' : 'black';
        const verdict = { type: 'move', atMs: 1000 * ply, side, move: `a${ply}`, position: SENRYAKU_GAME } as const;
        app.bus.emit('logged', { matchId: app.matchId, seq: rig.verdicts.length + ply, verdict });
      }
      await page.waitForFunction(() => document.querySelectorAll('#moves .move').length >= 40, undefined, { timeout: 45_000 });
      const box = await page.evaluate(() => {
        const list = document.getElementById('moves')!;
        const last = list.querySelector('.move:last-of-type')!;
        const inner = list.getBoundingClientRect();
        const at = last.getBoundingClientRect();
        return {
          sideways: list.scrollWidth - list.clientWidth,
          scrollsDown: list.scrollHeight > list.clientHeight,
          lastInside: at.left >= inner.left - 1 && at.right <= inner.right + 1 && at.top >= inner.top - 1 && at.bottom <= inner.bottom + 1,
          lastText: last.textContent,
        };
      });
      expect(box).toEqual({ sideways: 0, scrollsDown: true, lastInside: true, lastText: '40. Black a40' });
      // Scrolled back to the top, the list stays there when the next move comes.
      await page.evaluate(() => (document.getElementById('moves')!.scrollTop = 0));
      app.bus.emit('logged', {
        matchId: app.matchId,
        seq: rig.verdicts.length + 41,
        verdict: { type: 'move', atMs: 41_000, side: 'white', move: 'a41', position: SENRYAKU_GAME },
      });
      await page.waitForFunction(() => document.querySelectorAll('#moves .move').length >= 41, undefined, { timeout: 45_000 });
      expect(await page.evaluate(() => document.getElementById('moves')!.scrollTop)).toBe(0);
      await screenshot(page, 'long-move-list');
      await page.close();
    } finally {
      await rig.stop();
    }
  });

  it('fits a phone-sized screen without scrolling sideways, and shows the crash when it comes', async () => {
    // Every black sphere on rank 6 of a lopsided board: lifting one tips it toward White.
    const rig = await Rig.start({ position: 'bb1B3/7/7/7/7/wwwW3 b - -' });
    try {
      await rig.until('game-started');
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await page.goto(rig.url);
      await page.waitForFunction(() => (window as unknown as { __dashboard: Probe }).__dashboard.boardDrawnAt !== undefined);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await screenshot(page, 'phone');
      await clickWell(page, 'a6');
      await rig.until('crash');
      await verdictShown(page, 'game-over');
      await expectEveryVerdict(page, rig);
      expect(await page.textContent('#balance')).toContain('CRASH: the board tipped toward White');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, 'phone-crash');
      await page.close();
    } finally {
      await rig.stop();
    }
  });
});
