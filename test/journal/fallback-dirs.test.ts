// Where fallback journals go: the settings' journal.fallbackDir (or --fallback-journal-dir),
// else $SENRYAKU_FALLBACK_JOURNAL_DIR, else the XDG state directory; then the temp directory.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFallbackDirs } from '../../src/journal/split.ts';
import { effectiveSettings, settingsAsFlags } from '../../src/settings/index.ts';

const TMP = join(tmpdir(), 'senryaku-journal-fallback');

describe('fallback journal directories', () => {
  it('the one given, else the environment, else the state directory; the temp directory last', () => {
    expect(resolveFallbackDirs('/mnt/usb/fallback', {}, '/home/u')).toEqual(['/mnt/usb/fallback', TMP]);
    expect(resolveFallbackDirs(undefined, { SENRYAKU_FALLBACK_JOURNAL_DIR: '/srv/fb' }, '/home/u')).toEqual(['/srv/fb', TMP]);
    expect(resolveFallbackDirs(undefined, { XDG_STATE_HOME: '/var/state' }, '/home/u')).toEqual([
      '/var/state/senryaku/journal-fallback',
      TMP,
    ]);
    expect(resolveFallbackDirs(undefined, {}, '/home/u')).toEqual(['/home/u/.local/state/senryaku/journal-fallback', TMP]);
  });

  it('is a setting (journal.fallbackDir), which --fallback-journal-dir overrides', () => {
    const file = { journal: { fallbackDir: '/srv/fb' } };
    const fromFile = effectiveSettings(file, {}, {});
    expect(fromFile.ok && settingsAsFlags(fromFile.value.settings)['fallback-journal-dir']).toBe('/srv/fb');
    const flag = effectiveSettings(file, { 'fallback-journal-dir': '/mnt/usb' }, {});
    expect(flag.ok && flag.value.settings.journal).toEqual({ fallbackDir: '/mnt/usb' });
    expect(flag.ok && flag.value.sources.get('journal.fallbackDir')).toBe('flag');
    expect(effectiveSettings({ journal: { fallbackDir: '' } }, {}, {}).ok).toBe(false);
  });
});
