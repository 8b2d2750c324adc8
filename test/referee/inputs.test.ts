// Operator actions as typed at the terminal and kept in journals (src/referee/inputs.ts).
import { describe, expect, it } from 'vitest';
import { formatOperatorAction, parseOperatorAction, type OperatorAction } from '../../src/referee/inputs.ts';

describe('operator actions', () => {
  it.each<[string, OperatorAction]>([
    ['agree', { kind: 'agree' }],
    ['attribute white', { kind: 'attribute', to: 'white' }],
    ['attribute dark', { kind: 'attribute', to: 'dark' }],
    ['attribute none', { kind: 'attribute', to: 'none' }],
  ])('%s reads and writes back the same', (text, action) => {
    expect(parseOperatorAction(text)).toEqual({ ok: true, value: action });
    expect(formatOperatorAction(action)).toBe(text);
  });

  it('is strict, and says what is accepted', () => {
    const accepted =
      'agree, attribute SIDE (SIDE: a side of the game, such as white or light, or none), or blind CELL empty|occupied (CELL: a blind well or point, such as c4)';
    for (const text of [
      '',
      'Agree',
      ' agree',
      'agree now',
      'attribute  white',
      'attribute White',
      'attribute white black',
      'attributes white',
    ])
      expect(parseOperatorAction(text), text).toEqual({ ok: false, error: expect.stringContaining(accepted) as string });
    expect(parseOperatorAction('nonsense')).toEqual({
      ok: false,
      error: `unknown operator action 'nonsense': the actions are ${accepted}`,
    });
    expect(parseOperatorAction('blind c4 empty')).toEqual({ ok: true, value: { kind: 'blind', well: 'c4', holds: 'empty' } });
    expect(formatOperatorAction({ kind: 'blind', well: 'c4', holds: 'occupied' })).toBe('blind c4 occupied');
    for (const text of ['blind', 'blind c4', 'blind c4 full', 'blind C4 empty'])
      expect(parseOperatorAction(text), text).toMatchObject({
        ok: false,
        error: expect.stringContaining('blind CELL empty|occupied') as string,
      });
    expect(parseOperatorAction('attribute')).toEqual({
      ok: false,
      error: 'attribute needs a side: attribute SIDE (SIDE: a side of the game, such as white or light, or none)',
    });
  });
});
