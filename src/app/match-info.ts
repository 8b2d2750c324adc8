/**
 * A journal header as the match store files it (the store knows no journal): the match's
 * id, game, players, board and settings. The live store, MQTT's retained match and a hub all
 * describe a match with it, so they describe it alike.
 */
import type { JournalHeader } from '../journal/journal.ts';
import { BUILT_IN_RULESETS, type RulesetRegistry } from '../games/registry.ts';
import { parseCalibrationText } from '../sensing/calibration.ts';
import type { MatchInfo } from '../store/index.ts';
import { isJsonObject } from '../util/json.ts';

const hex8 = (n: number): string => n.toString(16).toUpperCase().padStart(8, '0');

/** The match of a journal header, as the store files it. */
export function matchInfoOf(header: JournalHeader, rulesets: RulesetRegistry = BUILT_IN_RULESETS): MatchInfo {
  const ruleset = rulesets.byId(header.ruleset);
  const src = header.source;
  const site = src.kind === 'sim' ? `simulated board (seed ${src.seed})` : `port ${src.path}`;
  const calibration = parseCalibrationText(header.calibration);
  const p = header.profile;
  const profile = isJsonObject(p) && typeof p.name === 'string' ? p.name : undefined;
  return {
    matchId: header.matchId,
    ruleset: header.ruleset,
    event: `${ruleset.ok ? ruleset.value.name : header.ruleset} match`,
    startedAt: header.startedAt,
    players: { A: header.settings.players.A, B: header.settings.players.B },
    board: { key: calibration.ok ? hex8(calibration.value.boardId) : site, site, ...(profile !== undefined ? { profile } : {}) },
    settings: header.settings,
  };
}
