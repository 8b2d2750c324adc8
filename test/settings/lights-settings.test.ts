// The well LEDs' settings: `lights.enabled` and `lights.destinations` in the file, `--lights
// on|off` and `--destinations on|off` on the command line, read back as flags.
import { describe, expect, it } from 'vitest';
import { defaultSettings, effectiveSettings, settingsAsFlags, validateSettings } from '../../src/settings/index.ts';

const defaults = defaultSettings({}, '/home/u');

describe('the lights settings', () => {
  it('the flags say on or off, over the file; left out, nothing is set (lit, destinations by the policy)', () => {
    const file = { lights: { enabled: false, destinations: true } };
    const flagged = effectiveSettings(file, { lights: 'on', destinations: 'off' }, defaults);
    expect(flagged.ok && flagged.value.settings.lights).toEqual({ enabled: true, destinations: false });
    expect(flagged.ok && flagged.value.sources.get('lights.enabled')).toBe('flag');
    const fromFile = effectiveSettings(file, {}, defaults);
    expect(fromFile.ok && settingsAsFlags(fromFile.value.settings)).toMatchObject({ lights: 'off', destinations: 'on' });
    const none = effectiveSettings({}, {}, defaults);
    expect(none.ok && none.value.settings.lights).toBeUndefined();
    expect(none.ok && 'lights' in settingsAsFlags(none.value.settings)).toBe(false);
  });

  it('anything but on or off is refused, named as the flag; the file takes booleans only', () => {
    expect(effectiveSettings({}, { lights: 'dim' }, defaults)).toEqual({ ok: false, error: ["--lights: takes on or off, got 'dim'"] });
    const bad = validateSettings({ lights: { enabled: 'yes', colour: 'red' } });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.join('\n')).toMatch(/lights/);
  });
});
