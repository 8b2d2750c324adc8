// The history replay's analysis in Debian's Chromium (playwright-core): a stored match in
// which Black left its coloured sphere to be captured where it could have stepped away; the
// replay shows the evaluation bar of each position and marks Black's move as lost. The
// server's answer is the analysis of src/analysis/, kept per match.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithout } from '../system-tools.ts';
import { CHROMIUM, launchChromium, screenshot } from './browser.ts';
import { Rig } from './harness.ts';
import type { MatchInfo } from '../../src/store/index.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';

const INFO: MatchInfo = {
  matchId: 'analysed-1',
  ruleset: 'senryaku',
  event: 'Senryaku match',
  startedAt: '2026-12-01T10:00:00.000Z',
  players: { A: 'Ada', B: 'Bo' },
  board: { key: '0000002A', site: 'simulated board (seed 7)' },
  settings: { players: { A: 'Ada', B: 'Bo' } },
};
/** Black's coloured sphere on d4, attacked by White's c3: d4-e3 or d4-e4 steps away, a6-a5 leaves it to be taken. */
const VERDICTS: Verdict[] = [
  { type: 'game-started', atMs: 0, game: 1, players: { white: 'A', black: 'B' }, position: 'b6/7/3B3/2w4/7/6W b - -' },
  { type: 'move', atMs: 1000, side: 'black', move: 'a6-a5', position: '7/b6/3B3/2w4/7/6W w - a5' },
  { type: 'move', atMs: 2000, side: 'white', move: 'c3xd4', position: '7/b6/3w3/7/7/6W b d4 a5' },
  { type: 'game-over', atMs: 2000, game: 1, winner: 'white', winnerPlayer: 'A', reason: 'capture', points: 2, score: { A: 2, B: 0 } },
];

describe.skipIf(skipWithout(CHROMIUM, 'chromium', ['--version']))('the history replay with its analysis, in Chromium', () => {
  let rig: Rig;
  let browser: Browser;
  beforeAll(async () => {
    rig = await Rig.start({ store: true, sim: false });
    VERDICTS.forEach((v, i) => rig.store!.recordVerdict(INFO, i + 1, v));
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await rig?.stop();
  });

  it('answers the analysis of a stored match, and 404 for a match it does not have', async () => {
    const r = await fetch(`${rig.url}api/matches/${INFO.matchId}/analysis`);
    expect(r.status).toBe(200);
    const body = (await r.json()) as {
      analysis: { mistakes: unknown; games: { plies: { move: string; mark?: string; best?: string }[] }[] };
    };
    expect(body.analysis.mistakes).toEqual({ A: 0, B: 1 });
    // Either step out of the capturer's reach is the best move.
    expect(body.analysis.games[0]!.plies.map((p) => [p.move, p.mark, p.best?.replace(/^d4-e[34]$/, 'away')])).toEqual([
      ['a6-a5', 'lost', 'away'],
      ['c3xd4', undefined, 'c3xd4'],
    ]);
    // Asked again: the same analysis, kept.
    expect(await (await fetch(`${rig.url}api/matches/${INFO.matchId}/analysis`)).json()).toEqual(body);
    expect((await fetch(`${rig.url}api/matches/nope/analysis`)).status).toBe(404);
  });

  it('shows the evaluation bar of the position replayed and marks the move that lost', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 1400 } });
    try {
      await page.goto(rig.url);
      await page.click('#history-load');
      await page.click(`[data-match="${INFO.matchId}"]`);
      await page.waitForSelector('#replay-moves [data-mark="lost"]', { timeout: 45_000 });
      const marked = page.locator('#replay-moves [data-mark]');
      expect(await marked.count()).toBe(1);
      expect(await marked.textContent()).toMatch(/^black a6-a5 lost \(best d4-e[34]\)$/);
      expect(await page.textContent('#replay-analysis')).toBe('Moves that lost when the mover could have avoided it: Ada 0, Bo 1.');
      // The last position: White has won (#0, all of the bar White's).
      const bar = page.locator('#replay-eval');
      expect(await bar.isVisible()).toBe(true);
      expect(await bar.getAttribute('data-eval')).toBe('#0');
      expect(await bar.getAttribute('aria-valuenow')).toBe('100');
      // After Black's move: White wins in one.
      await page.click('#replay-moves [data-frame="1"]');
      expect(await page.textContent('#replay-label')).toContain('2/3 · black a6-a5');
      expect(await bar.getAttribute('data-eval')).toBe('#1');
      // The start: no forced end yet, the bar between the two sides.
      await page.focus('#replay-slider');
      await page.keyboard.press('Home');
      expect(await bar.getAttribute('data-eval')).toMatch(/^([+-]\d+\.\d\d|0\.00)$/);
      const share = Number(await bar.getAttribute('aria-valuenow'));
      expect(share).toBeGreaterThan(0);
      expect(share).toBeLessThan(100);
      await page.locator('#replay').scrollIntoViewIfNeeded();
      await screenshot(page, 'replay-analysis');
    } finally {
      await page.close();
    }
  });
});
