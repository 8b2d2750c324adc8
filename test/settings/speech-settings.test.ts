// The referee's voice in the settings: `speech.enabled` is what --speak stands for; its voice
// and rate are checked by the schema; `config show` says where each came from.
import { describe, expect, it } from 'vitest';
import { effectiveSettings, settingsAsFlags, type Settings } from '../../src/settings/index.ts';

const DEFAULTS: Settings = { rules: 'senryaku', match: { policy: 'casual', players: { A: 'A', B: 'B' } } };

describe('speech settings', () => {
  it('--speak is speech.enabled, over the file; the file alone turns it on for the referee', () => {
    const file: Settings = { speech: { voice: 'en-gb', rate: 160 } };
    const flagged = effectiveSettings(file, { speak: true }, DEFAULTS);
    expect(flagged.ok && flagged.value.settings.speech).toEqual({ enabled: true, voice: 'en-gb', rate: 160 });
    expect(flagged.ok && flagged.value.sources.get('speech.enabled')).toBe('flag');
    expect(flagged.ok && flagged.value.sources.get('speech.voice')).toBe('file');
    const fromFile = effectiveSettings({ speech: { enabled: true } }, {}, DEFAULTS);
    expect(fromFile.ok && settingsAsFlags(fromFile.value.settings).speak).toBe(true);
    const off = effectiveSettings({}, {}, DEFAULTS);
    expect(off.ok && settingsAsFlags(off.value.settings).speak).toBeUndefined();
  });

  it.each([
    [{ rate: 20 }, /speech\.rate/],
    [{ voice: 'en gb; rm -rf' }, /speech\.voice/],
    [{ volume: 3 }, /speech/],
  ])('refuses %j', (speech, problem) => {
    const r = effectiveSettings({ speech } as Settings, {}, DEFAULTS);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error.join('\n')).toMatch(problem);
  });
});
