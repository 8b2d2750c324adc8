/**
 * The settings file (issue 13): its shape, loading and validation against
 * `schemas/settings.schema.json` and the games' part of it (schema.ts), the merge with the command line, and the MQTT users' password
 * hashes. For a command that takes `--config FILE`:
 *
 *   const file = loadSettings(values.config);
 *   if (!file.ok) throw new UsageError(formatSettingsErrors(file.error));
 *   const effective = effectiveSettings(file.value, values);
 *   if (!effective.ok) throw new UsageError(formatSettingsErrors(effective.error));
 *   const merged = { ...values, ...settingsAsFlags(effective.value.settings) };
 *
 * and `merged` goes on as the flags did (the MQTT users are in `effective.value.settings.mqtt`).
 * `merged.rules` is always set (the default game): a check of what the user typed (`--rules`
 * against a resumed journal's game) reads `values`, or `effective.value.sources.get('rules')`.
 */
export type { BoardSettings, MatchSection, MqttRole, MqttSettings, MqttUser, Settings, SettingsSource } from './settings.ts';
export { MASK, MQTT_ROLES, SETTINGS_SECTIONS } from './settings.ts';
export { SETTINGS_SCHEMA_URL, settingsSchema } from './schema.ts';
export { settingsPath, validateSettings } from './validate.ts';
export { defaultSettingsPath, loadSettings, loadSettingsFile, parseSettingsText, type LoadedSettings } from './load.ts';
export {
  defaultSettings,
  effectiveSettings,
  formatSettingsErrors,
  SETTINGS_FLAGS,
  settingsAsFlags,
  settingsFlagSpecs,
  settingsFlagTable,
  type EffectiveSettings,
  type SettingsFlag,
  type SettingsFlags,
} from './effective.ts';
export { formatEffectiveSettings, maskSecrets } from './show.ts';
export { DEFAULT_SCRYPT, hashPassword, verifyPassword, type ScryptParams } from '../platform/password.ts';
