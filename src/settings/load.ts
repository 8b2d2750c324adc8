/**
 * The settings file on disk: `--config FILE`, else `$XDG_CONFIG_HOME/senryaku/settings.yaml`
 * (`~/.config/senryaku/settings.yaml`). YAML or JSON by its extension. A missing default file
 * means the defaults; a missing file the user named is an error.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { extname, join } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { err, ok, type Result } from '../util/result.ts';
import type { RulesetRegistry } from '../rulesets/ruleset-registry.ts';
import type { Settings } from './settings.ts';
import { validateSettings } from './validate.ts';

/** The default settings file (XDG_CONFIG_HOME honoured, as for the calibration directory). */
export function defaultSettingsPath(env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  const config = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(config, 'senryaku', 'settings.yaml');
}

export interface LoadedSettings {
  /** The file read (or looked for). */
  readonly path: string;
  /** False: the default file does not exist, and `settings` is empty. */
  readonly found: boolean;
  readonly settings: Settings;
}

/** The file's text as a value, or its syntax errors (each with its line and column). */
export function parseSettingsText(text: string, path: string): Result<unknown, string[]> {
  const ext = extname(path).toLowerCase();
  if (ext === '.json') {
    try {
      return ok(JSON.parse(text) as unknown);
    } catch (e) {
      return err([`${path}: not valid JSON: ${(e as Error).message}`]);
    }
  }
  if (ext !== '.yaml' && ext !== '.yml') return err([`${path}: a settings file is .yaml, .yml or .json`]);
  const lines = new LineCounter();
  const doc = parseDocument(text, { prettyErrors: false, lineCounter: lines });
  if (doc.errors.length > 0)
    return err(
      doc.errors.map((e) => {
        const at = lines.linePos(e.pos[0]);
        return `${path}:${at.line}:${at.col}: not valid YAML: ${e.message.split('\n')[0]}`;
      }),
    );
  // An empty file (or one of comments only) is no settings at all.
  return ok(doc.toJS() ?? {});
}

/**
 * Reads and validates a settings file. `path` undefined: the default file, where a missing
 * one is fine (empty settings). Problems: each a line that starts with the settings path.
 */
export function loadSettingsFile(
  path: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  home = homedir(),
  games?: RulesetRegistry,
): Result<LoadedSettings, string[]> {
  const file = path ?? defaultSettingsPath(env, home);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && path === undefined) return ok({ path: file, found: false, settings: {} });
    return err([code === 'ENOENT' ? `${file}: no such settings file` : `${file}: cannot read it: ${code ?? (e as Error).message}`]);
  }
  const parsed = parseSettingsText(text, file);
  if (!parsed.ok) return parsed;
  const valid = validateSettings(parsed.value, games);
  return valid.ok ? ok({ path: file, found: true, settings: valid.value }) : valid;
}

/**
 * For `senryaku referee --config FILE` and the like: the file's settings (empty when the
 * default file is missing), or every problem, one line each, prefixed by its settings path.
 */
export function loadSettings(path: string | undefined, env: NodeJS.ProcessEnv = process.env): Result<Settings, string[]> {
  const loaded = loadSettingsFile(path, env);
  return loaded.ok ? ok(loaded.value.settings) : loaded;
}
