import { describe, expect, it } from 'vitest';
import { formatLayout, parseLayout } from '../../../src/hardware/sim/layout.ts';
import { START_SPN, formatBoard } from '../../../src/rules/senryaku/spn.ts';

describe('sim layout', () => {
  it('reads and writes Senryaku board fields as the rules core does', () => {
    for (const field of [START_SPN, '7/7/7/2W4/7/7', 'bbbBbbb/7/7/7/7/wwwWwww']) {
      const board = parseLayout(field);
      if (!board.ok) return expect.fail(board.error.message);
      expect(formatLayout(board.value)).toBe(formatBoard(board.value));
    }
  });

  it('takes any grid and any piece letters', () => {
    const grid = { files: 6, ranks: 6 };
    const board = parseLayout('rrrrrr/rrrrrr/6/6/kkkkkk/kkkkkk', grid, 'rk');
    if (!board.ok) return expect.fail(board.error.message);
    expect(board.value).toHaveLength(36);
    expect(board.value[0]).toBe(2);
    expect(board.value[35]).toBe(1);
    expect(formatLayout(board.value, grid, 'rk')).toBe('rrrrrr/rrrrrr/6/6/kkkkkk/kkkkkk');
    expect(parseLayout('7/6/6/6/6/6', grid, 'rk').ok).toBe(false);
    expect(parseLayout('w5/6/6/6/6/6', grid, 'rk').ok).toBe(false);
  });
});
