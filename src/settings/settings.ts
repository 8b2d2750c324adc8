/**
 * The settings file's shape: what `schemas/settings.schema.json` accepts, as a type. Every key
 * is optional; what a file leaves out comes from the defaults or the command line
 * (effective.ts). The schema is the one judge of a file; this type only names what it let through.
 */

/** The file's top-level keys, in the order `config show` prints them (every key the schema takes: a test holds them equal). */
export const SETTINGS_SECTIONS = [
  'board',
  'rules',
  'match',
  'scoreboard',
  'lights',
  'speech',
  'computer',
  'journal',
  'calibration',
  'store',
  'mqtt',
  'http',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const MQTT_ROLES = ['operator', 'hub', 'viewer'] as const;
export type MqttRole = (typeof MQTT_ROLES)[number];

export interface BoardSettings {
  /** Serial port path, or `auto`. */
  readonly port?: string;
  /** The simulated board instead of a port. */
  readonly sim?: boolean;
  readonly seed?: number;
  /** Board profile file. */
  readonly profile?: string;
  /** After a match ends, keep refereeing the board and wait for the next (`senryaku referee --stay`). */
  readonly stay?: boolean;
  /** A name for this board, for people. */
  readonly name?: string;
}

export interface MatchSection {
  readonly policy?: string;
  readonly players?: { readonly A: string; readonly B: string };
  /**
   * Each game's own match options by their settings key (Senryaku's `track` and `colours`,
   * Surakarta's `target`: the command line's `--match`), as the games declare them
   * (`MatchOptionSpec`); the schema made from the registry says which and of what shape.
   */
  readonly [gameOption: string]: unknown;
}

/** The board's well LEDs, lit by the referee. */
export interface LightsSettings {
  /** Light them (`--lights on|off`; default on). */
  readonly enabled?: boolean;
  /** After a lift, the piece in hand and its destinations (`--destinations on|off`; default: on under the casual policy only). */
  readonly destinations?: boolean;
}

/** The referee's voice (`senryaku referee --speak`): its verdicts said aloud through espeak-ng. */
export interface SpeechSettings {
  /** Say the verdicts aloud (`--speak`). */
  readonly enabled?: boolean;
  /** espeak-ng's voice (`espeak-ng --voices` lists them): en, en-gb, en-us+f3... */
  readonly voice?: string;
  /** Words per minute. */
  readonly rate?: number;
}

/** Playing the computer on the board, and hints (docs/computer.md). */
export interface ComputerSettings {
  /** `SIDE[:LEVEL]` (the side in game 1, the level 1–10) or `off` (`--computer`; default off). */
  readonly plays?: string;
  /** Another engine program's command line (`--engine CMD`; default the referee's own engine). */
  readonly engine?: string;
  /** Answer hint requests (`--hints on|off`; default on; never under the tournament policy). */
  readonly hints?: boolean;
}

export interface MqttUser {
  readonly name: string;
  readonly role: MqttRole;
  /** `scrypt$N$r$p$saltB64$hashB64` (password.ts). */
  readonly scrypt: string;
}

export interface MqttSettings {
  /** The built-in broker's `HOST:PORT`, or `off`. */
  readonly listen?: string;
  /** An external broker to publish to. */
  readonly url?: string;
  readonly username?: string;
  /** A secret: masked when shown. */
  readonly password?: string;
  /** CA certificate file for a TLS broker. */
  readonly ca?: string;
  /** The base topic. */
  readonly base?: string;
  readonly users?: readonly MqttUser[];
}

export interface Settings {
  readonly board?: BoardSettings;
  /** The ruleset id. */
  readonly rules?: string;
  readonly match?: MatchSection;
  /** A serial port path, `auto`, `virtual` or `none`. */
  readonly scoreboard?: string;
  readonly lights?: LightsSettings;
  readonly speech?: SpeechSettings;
  readonly computer?: ComputerSettings;
  /** `fallbackDir`: where records go while `dir` cannot be written (default: the XDG state directory, then the temp directory). */
  readonly journal?: { readonly dir?: string; readonly fallbackDir?: string };
  readonly calibration?: { readonly dir?: string };
  readonly store?: { readonly path?: string };
  readonly mqtt?: MqttSettings;
  /** The live web dashboard: `listen` HOST:PORT or off (`senryaku referee --http`). */
  readonly http?: { readonly listen?: string };
}

/** Where an effective value came from. */
export type SettingsSource = 'default' | 'file' | 'flag';

/** What `config show` prints in place of a secret (mqtt.password, the users' scrypt hashes). */
export const MASK = '***';
