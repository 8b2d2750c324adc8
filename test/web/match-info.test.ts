// What the dashboard tells a page of a match's game comes from the game's descriptor: each
// built-in game's drawing fits its board and draws every piece of its start position; a game
// that brings no drawing gets a plain grid; an unknown one none; and the pieces in play are
// the game's own count.
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';
import { gameOf, heardVerdict } from '../../src/web/match-info.ts';
import { boardCells } from '../../src/web/page/board.ts';
import { CORNERS } from '../rulesets/toy.ts';

describe("a match's game, as a page is told of it", () => {
  it.each(BUILT_IN_RULESETS.ids)('%s: its drawing fits its board, names its sides, and draws every piece of its start position', (id) => {
    const ruleset = BUILT_IN_RULESETS.byId(id);
    if (!ruleset.ok) throw new Error(ruleset.error.message);
    const { board, startPosition } = ruleset.value;
    const game = gameOf(BUILT_IN_RULESETS, id);
    const drawing = game.drawing!;
    expect({ files: drawing.files, ranks: drawing.ranks }).toEqual({ files: board.files, ranks: board.ranks });
    expect(game.words).toBe(ruleset.value.words);
    const letters = new Set(boardCells(startPosition, board.files, board.ranks).filter(Boolean));
    expect(letters.size).toBeGreaterThan(0);
    for (const letter of letters) expect(drawing.pieces.map((p) => p.letter)).toContain(letter);
    const sides = drawing.sides.map((s) => s.id);
    expect(sides).toHaveLength(2);
    for (const p of drawing.pieces) expect(sides).toContain(p.side);
  });

  it('a game without a drawing of its own gets a plain grid of its size; a game the server does not know, none', () => {
    const registry = BUILT_IN_RULESETS.with(CORNERS);
    const corners = gameOf(registry, 'corners');
    expect(corners.rulesetName).toBe('Corners');
    expect(corners.drawing).toMatchObject({ files: 3, ranks: 3, label: 'Corners board, 3 by 3 squares', pieces: [] });
    expect(corners.drawing!.underlay.filter((s) => s.kind === 'line')).toHaveLength(6);
    const unknown = gameOf(BUILT_IN_RULESETS, 'corners');
    expect(unknown.drawing).toBeUndefined();
    expect(unknown.rulesetName).toBe('corners');
    expect(unknown.words).toEqual({ piece: 'piece', pieces: 'pieces', cell: 'cell', cells: 'cells' });
  });

  it("a verdict's pieces in play are the game's count, for a game whose scoring board shows them", () => {
    const move = (position: string): Verdict => ({ type: 'move', atMs: 0, side: 'light', move: 'a2xb1', position });
    const games = BUILT_IN_RULESETS.ids.map((id) => BUILT_IN_RULESETS.byId(id)).flatMap((r) => (r.ok ? [r.value] : []));
    const counting = games.find((r) => r.piecesInPlay);
    const notCounting = games.find((r) => !r.piecesInPlay);
    expect(counting && notCounting).toBeTruthy();
    const position = '6/6/6/6/5x/xo4 o';
    const heard = heardVerdict(counting, 4, move(position), 1234);
    expect(heard).toMatchObject({ seq: 4, heardMs: 1234 });
    expect(heard.inPlay).toEqual(counting!.piecesInPlay!(position));
    expect(Object.values(heard.inPlay!).reduce((a, b) => a + b, 0)).toBe(3);
    expect(heardVerdict(notCounting, 4, move(notCounting!.startPosition), 0)).not.toHaveProperty('inPlay');
    // A verdict without a position carries none.
    const lifted: Verdict = { type: 'lifted', atMs: 0, side: 'light', well: 'a2', destinations: ['b1'] };
    expect(heardVerdict(counting, 5, lifted, 0)).not.toHaveProperty('inPlay');
  });
});
