// What the dashboard tells a page of a match's game comes from the game's descriptor: each
// built-in game's drawing fits its board and draws every piece of its start position; a game
// that brings no drawing gets a plain grid; an unknown one none; the pieces in play are the
// game's own count; and the new-match form's fields are the game's own declared options.
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';
import { parseMatchOptions } from '../../src/rulesets/parse-match-options.ts';
import { parseComputerSeat } from '../../src/rulesets/computer-seat.ts';
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

  it.each(BUILT_IN_RULESETS.ids)(
    "%s: the new-match form's fields are the options it declares, each taking what its schema allows, and the computer's seat",
    (id) => {
      const ruleset = BUILT_IN_RULESETS.byId(id);
      if (!ruleset.ok) throw new Error(ruleset.error.message);
      const declared = ruleset.value.options;
      const all = gameOf(BUILT_IN_RULESETS, id).options;
      expect(declared.length).toBeGreaterThan(0);
      expect(all.map((f) => f.name)).toEqual([...declared.map((o) => o.name), 'computer']);
      // The computer's seat: a side in the game's words, with a level, or off; what it takes is what the referee takes.
      const computer = all.at(-1)!;
      const sides = ruleset.value.drawing!.sides.map((s) => s.id);
      expect(computer).toMatchObject({ value: `${sides.join('|')}[:LEVEL]|off`, default: 'off', input: { kind: 'text' } });
      const pattern = computer.input.kind === 'text' ? new RegExp(`^(?:${computer.input.pattern})$`) : /$^/;
      for (const text of ['off', sides[0]!, `${sides[1]!}:10`, `${sides[0]!}:1`]) {
        expect(text).toMatch(pattern);
        expect(parseComputerSeat(text, ruleset.value).ok).toBe(true);
      }
      for (const text of ['purple', `${sides[0]!}:0`, `${sides[1]!}:11`, '']) expect(text).not.toMatch(pattern);
      const fields = all.slice(0, -1);
      // No other game's option is offered for this one.
      const others = BUILT_IN_RULESETS.all.filter((g) => g.id !== id).flatMap((g) => g.options.map((o) => o.name));
      for (const f of fields) if (!declared.some((o) => o.name === f.name)) expect(others).not.toContain(f.name);
      declared.forEach((o, i) => {
        const field = fields[i]!;
        expect(field).toMatchObject({ value: o.value, help: o.help, default: o.default });
        const { schema } = o;
        if (schema.type === 'integer') expect(field.input).toEqual({ kind: 'number', min: schema.minimum, max: schema.maximum });
        else if ('enum' in schema) expect(field.input).toEqual({ kind: 'choice', choices: schema.enum });
        else expect(field.input).toEqual({ kind: 'text', pattern: schema.pattern, expected: schema['x-expected'] });
        // The field's default is a value the field takes.
        const input = field.input;
        if (field.default !== undefined) {
          if (input.kind === 'number') expect(Number(field.default)).toSatisfy((n: number) => n >= input.min && n <= input.max);
          else if (input.kind === 'choice') expect(input.choices).toContain(field.default);
          else expect(field.default).toMatch(new RegExp(input.pattern));
        }
      });
      // What the form sends (each field's default, as text) is a match of this game to the referee.
      const sent = Object.fromEntries(fields.map((f) => [f.name, f.default ?? '']));
      const parsed = parseMatchOptions({ rules: id, ...sent }, BUILT_IN_RULESETS);
      expect(parsed.ok ? parsed.value.ruleset : parsed.error).toBe(id);
    },
  );

  it('a game that declares no options gets a form of none; a game the server does not know, none either', () => {
    expect(gameOf(BUILT_IN_RULESETS.with(CORNERS), 'corners').options).toEqual([]);
    expect(gameOf(BUILT_IN_RULESETS, 'corners').options).toEqual([]);
  });
});
