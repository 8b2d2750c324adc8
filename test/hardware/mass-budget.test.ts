/**
 * The tipping board's mass, as the hardware docs give it: the BOM's bound on a well cell
 * times the 42 cells fits the cells' line of ASSEMBLY.md's mass budget, the budget's lines
 * add up to its total, and the total fits the board mass the profile's balance model uses.
 * (The BOM once allowed 10 g cells: 420 g where the budget allows 210 g.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const BOARD = 'hardware/referee-board';
const grams = (text: string): number => Number(/(\d+(?:\.\d+)?) g\b/.exec(text)?.[1] ?? NaN);

/** ASSEMBLY.md's mass budget: each line's item and its grams, and the total. */
function budget(): { lines: Map<string, number>; total: number } {
  const text = readFileSync(`${BOARD}/ASSEMBLY.md`, 'utf8');
  const table = text
    .slice(text.indexOf('### Mass budget'))
    .split('\n\n')
    .find((part) => part.startsWith('| Item'))!;
  const rows = table
    .split('\n')
    .slice(2)
    .map((row) => row.split('|').map((cell) => cell.trim()));
  const lines = new Map(rows.filter(([, item]) => !item!.includes('total')).map(([, item, target]) => [item!, grams(target!)] as const));
  const total = grams(rows.find(([, item]) => item!.includes('total'))![2]!);
  return { lines, total };
}

describe("the tipping board's mass budget", () => {
  it("the BOM's well cells fit the budget's line for them", () => {
    const bom = readFileSync(`${BOARD}/BOM.md`, 'utf8');
    const row = bom.split('\n').find((l) => l.includes('load cell, 1 kg (wells)'))!;
    const count = Number(/^\| (\d+) \|/.exec(row)?.[1]);
    const perCell = grams(/of ≤ (\d+(?:\.\d+)?) g/.exec(row)?.[0] ?? '');
    const cellsLine = budget().lines.get(`${count} mini cells`);
    expect([count, perCell, cellsLine]).toEqual([42, expect.any(Number), expect.any(Number)]);
    expect(count * perCell).toBeLessThanOrEqual(cellsLine!);
  });

  it('its lines add up to its total, within the board mass of the profile', () => {
    const { lines, total } = budget();
    expect(lines.size).toBeGreaterThanOrEqual(5);
    expect([...lines.values()].every(Number.isFinite)).toBe(true);
    expect([...lines.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(total);
    const profile = JSON.parse(readFileSync('hardware/profiles/reference-mega-2560.json', 'utf8')) as { masses: { board: number } };
    expect(total).toBeLessThanOrEqual(profile.masses.board);
  });
});
