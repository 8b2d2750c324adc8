// The computer's settings: `computer.plays`, `computer.engine` and `computer.hints` in the file,
// `--computer`, `--engine` and `--hints on|off` on the command line, read back as flags; the
// side checked against the game the settings name.
import { describe, expect, it } from 'vitest';
import { defaultSettings, effectiveSettings, settingsAsFlags, validateSettings } from '../../src/settings/index.ts';

const defaults = defaultSettings({}, '/home/u');

describe('the computer settings', () => {
  it('the flags over the file; read back as the flags; left out, nothing is set', () => {
    const file = { computer: { plays: 'white:2', engine: 'stockfish-sk --fast', hints: false } };
    const flagged = effectiveSettings(file, { computer: 'black:7', hints: 'on' }, defaults);
    expect(flagged.ok && flagged.value.settings.computer).toEqual({ plays: 'black:7', engine: 'stockfish-sk --fast', hints: true });
    expect(flagged.ok && flagged.value.sources.get('computer.plays')).toBe('flag');
    const fromFile = effectiveSettings(file, {}, defaults);
    expect(fromFile.ok && settingsAsFlags(fromFile.value.settings)).toMatchObject({
      computer: 'white:2',
      engine: 'stockfish-sk --fast',
      hints: 'off',
    });
    const none = effectiveSettings({}, {}, defaults);
    expect(none.ok && none.value.settings.computer).toBeUndefined();
  });

  it("the side is the game's: another game's side, a level out of range, an empty engine are refused", () => {
    expect(validateSettings({ rules: 'surakarta', computer: { plays: 'dark:3' } }).ok).toBe(true);
    expect(validateSettings({ rules: 'surakarta', computer: { plays: 'black' } })).toEqual({
      ok: false,
      error: ["computer.plays: takes light|dark[:LEVEL] or off, LEVEL 1 to 10 (a side of Surakarta), got 'black'"],
    });
    expect(validateSettings({ computer: { plays: 'black:11' } })).toEqual({
      ok: false,
      error: ["computer.plays: must be SIDE[:LEVEL] (such as black:5) or off, got 'black:11'"],
    });
    expect(validateSettings({ computer: { engine: '' } })).toEqual({ ok: false, error: ['computer.engine: must not be empty'] });
    expect(effectiveSettings({}, { hints: 'sometimes' }, defaults)).toEqual({
      ok: false,
      error: ["--hints: takes on or off, got 'sometimes'"],
    });
  });
});
