/**
 * The effective settings as YAML for people (`senryaku config show`): secrets masked, each
 * top-level value under a comment that says where it came from.
 */
import { stringify } from 'yaml';
import { MASK, SETTINGS_SECTIONS, type Settings, type SettingsSource } from './settings.ts';
import type { EffectiveSettings } from './effective.ts';

/** The settings with the MQTT password and the users' scrypt hashes replaced by `***`. */
export function maskSecrets(s: Settings): Settings {
  if (!s.mqtt) return s;
  const { password, users, ...mqtt } = s.mqtt;
  return {
    ...s,
    mqtt: {
      ...mqtt,
      ...(password !== undefined ? { password: MASK } : {}),
      ...(users ? { users: users.map((u) => ({ ...u, scrypt: MASK })) } : {}),
    },
  };
}

const SOURCE_WORDS: Record<SettingsSource, string> = { default: 'default', file: 'settings file', flag: 'command line' };

/** Where a top-level value came from: one source, or each of its keys' (`board.port: command line, board.name: settings file`). */
function sourceComment(section: string, sources: ReadonlyMap<string, SettingsSource>): string {
  const own = [...sources].filter(([path]) => path === section || path.startsWith(`${section}.`));
  const kinds = new Set(own.map(([, s]) => s));
  if (kinds.size === 1) return `# ${section}: ${SOURCE_WORDS[[...kinds][0]!]}`;
  return `# ${own.map(([path, s]) => `${path}: ${SOURCE_WORDS[s]}`).join(', ')}`;
}

export function formatEffectiveSettings({ settings, sources }: EffectiveSettings): string {
  const masked = maskSecrets(settings) as Record<string, unknown>;
  return SETTINGS_SECTIONS.filter((section) => masked[section] !== undefined)
    .map((section) => `${sourceComment(section, sources)}\n${stringify({ [section]: masked[section] })}`)
    .join('')
    .trimEnd();
}
