/**
 * A referee run as `senryaku referee` was asked for it, every part checked (checks.ts): the
 * effective settings, and what the composition root (root.ts) hands each service of its part.
 */
import type { BoardOptionValues } from '../../app/board-options.ts';
import type { MqttPlan } from '../../app/mqtt-service.ts';
import type { MatchPlan } from '../../app/referee-host.ts';
import type { SpeechPlan } from '../../app/speech-service.ts';
import type { Speed } from '../../app/virtual-clock.ts';
import type { JournalHeader } from '../../journal/journal.ts';
import type { Ruleset, RulesetBoardFile } from '../../rulesets/ruleset.ts';
import type { Settings } from '../../settings/index.ts';
import type { BrokerUser } from '../../telemetry/broker.ts';
import type { HttpListen } from '../../web/http-option.ts';
import type { RefereeValues } from './options.ts';

export interface RefereeRun {
  /** Defaults ← the settings file ← the flags, validated as a whole. */
  readonly settings: Settings;
  /** The same as the command line's option text (flags over the file): what a new match starts from. */
  readonly values: RefereeValues;
  /** The game refereed: its descriptor, found in the registry (src/games/registry.ts). */
  readonly game: Ruleset;
  readonly board: {
    readonly options: BoardOptionValues;
    /** The profile file, as the game reads it. */
    readonly file: RulesetBoardFile;
    readonly seed: number;
    /** Where a simulated board's pieces stand at power-on. */
    readonly simPosition: string;
  };
  readonly firstMatch: MatchPlan;
  /** Virtual seconds per real second on the simulated board. */
  readonly speed: Speed;
  readonly autoplay: boolean;
  readonly json: boolean;
  /** After a match ends, keep refereeing the board and wait for the next. */
  readonly stay: boolean;
  /** 'virtual', 'none', 'auto' or a serial port. */
  readonly scoreboard: string;
  /** The board's well LEDs: lit or not, and the destinations after a lift (undefined: as the match's policy says). */
  readonly lights: { readonly enabled: boolean; readonly destinations: boolean | undefined };
  /** --speak: the verdicts said aloud (undefined: not). */
  readonly speech: SpeechPlan | undefined;
  /** `--engine CMD` (absent: the game's own engine) and `--hints on|off` (absent: on, never under the tournament policy). */
  readonly computer: { readonly engine?: string; readonly hints?: boolean };
  readonly source: JournalHeader['source'];
  readonly mqtt: MqttPlan;
  readonly http: HttpListen;
  /** The settings' users: who may ask things of MQTT and the dashboard. */
  readonly users: readonly BrokerUser[];
  readonly journalDir: string;
  readonly fallbackJournalDirs: readonly string[];
  readonly calibrationDir: string;
  /** --db: the match store's file, `off`, or undefined for the default. */
  readonly db: string | undefined;
}
