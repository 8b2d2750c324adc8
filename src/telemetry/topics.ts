/**
 * The MQTT topics of a refereed board and the payload of each, in the conventions
 * Zigbee2MQTT users know (lib/types/api.ts there): `<base>/<board>/...` for the board,
 * `<base>/bridge/...` for the referee process and its requests. Every payload has a JSON
 * Schema in schemas/mqtt/ (docs/mqtt.md has the table).
 */
import type { RefereeSnapshot } from '../referee/snapshot.ts';
import type { Verdict } from '../referee/verdicts.ts';
import type { MatchInfo } from '../store/model.ts';

export const DEFAULT_BASE = 'senryaku';

/** The board link's health as the state topic carries it (the app's LinkStatus). */
export interface LinkHealth {
  readonly state: 'connecting' | 'ready' | 'stalled' | 'lost' | 'failed' | 'stopped';
  readonly detail?: string;
  readonly boardId?: number;
}

/**
 * Which journal keeps the match (the app's JournalStatus): its own file (`main`), a fallback
 * while the journal's disk fails, or `none` (nothing can be written: the match is paused).
 * `path` is the file written (the journal's own with `none`).
 */
export interface JournalHealth {
  readonly state: 'main' | 'fallback' | 'none';
  readonly path: string;
}

/** `<base>/<board>/state`, retained: where the match stands (the app's MatchSnapshot). */
export interface StatePayload extends RefereeSnapshot {
  /** The game's id (any registry's). */
  readonly ruleset: string;
  readonly link: LinkHealth;
  /** The match, and the seq of its last verdict so far (0 before any): a hub sees that it missed the last ones. */
  readonly matchId?: string;
  readonly lastSeq?: number;
  readonly journal: JournalHealth;
}

/** `<base>/<board>/verdict`, QoS 1, in order: (matchId, seq) names a verdict for good, so a hub stores it once. */
export interface VerdictPayload {
  readonly matchId: string;
  readonly seq: number;
  readonly verdict: Verdict;
  /** Said again after a restart (journaled before it, perhaps never published): a hub that has this seq keeps its copy. */
  readonly repeated?: true;
}

/** `<base>/<board>/match`, retained: the match being refereed, as a match store files it (a hub stores it with the verdicts). */
export type MatchPayload = MatchInfo;

/** `<base>/<board>/availability`, retained, `offline` also as the last will. */
export type AvailabilityPayload = 'online' | 'offline';

/** `<base>/bridge/state`, retained: the referee process, what it referees, what it answers. */
export interface BridgeStatePayload {
  readonly state: 'online' | 'offline';
  readonly board: string;
  readonly matchId: string;
  /** The game's id (any registry's). */
  readonly ruleset: string;
  readonly requests: readonly RequestName[];
  /** Verdicts dropped since start because the broker was out of reach longer than the queue holds. */
  readonly droppedVerdicts: number;
}

export const REQUEST_NAMES = [
  'new_match',
  'end_game_by_agreement',
  'attribute_interference',
  'start_calibration',
  'fetch_verdicts',
  'report_blind_cell',
  'hint',
] as const;
export type RequestName = (typeof REQUEST_NAMES)[number];

/**
 * `<base>/bridge/request/fetch_verdicts`: the verdicts `from`..`to` (default: to the last) of a
 * match, from the referee's journal, for a hub that missed them. `board`: the board asked (many
 * boards share a base); a referee stays silent on a request for another board.
 */
export interface FetchVerdictsRequest {
  readonly transaction?: string | number;
  readonly board?: string;
  readonly matchId: string;
  readonly from: number;
  readonly to?: number;
}

/** At most this many verdicts per answer; `more` says the range goes on (ask again from after the last). */
export const FETCH_VERDICTS_LIMIT = 200;

/** The `data` of an `ok` answer to `fetch_verdicts`. */
export interface FetchVerdictsData {
  readonly matchId: string;
  /** The match as a store files it (a hub may never have seen its retained `match`). */
  readonly match: MatchPayload;
  readonly verdicts: readonly { readonly seq: number; readonly verdict: Verdict }[];
  /** The seq of the match's last verdict so far. */
  readonly lastSeq: number;
  /** More verdicts of the range than one answer carries. */
  readonly more: boolean;
}

/**
 * A request's payload, bytes (the dashboard's HTTP bodies have the same bound): the embedded
 * broker refuses a larger request publish (so it is never delivered or retained) and the
 * referee answers one from another broker with `TooLarge`.
 */
export const MAX_REQUEST_BYTES = 16 * 1024;

/** `<base>/bridge/request/<name>`: JSON; `transaction` comes back in the response. */
export interface RequestPayload {
  readonly transaction?: string | number;
  readonly [field: string]: unknown;
}

/** `<base>/bridge/response/<name>`. */
export type ResponsePayload =
  | { readonly status: 'ok'; readonly transaction?: string | number; readonly data: Readonly<Record<string, unknown>> }
  | ({ readonly status: 'error'; readonly transaction?: string | number; readonly error: string } & Partial<RequestRefusalFields>);

/** What a refusal for size adds to its sentence: a code, the field at fault, its bound. */
export interface RequestRefusalFields {
  readonly code: string;
  readonly field: string;
  readonly max: number;
}

/** Why a request was not carried out: a sentence, and for a request beyond a bound its code, field and bound. */
export type RequestRefusal = string | ({ readonly message: string } & RequestRefusalFields);

/** Every topic of a board under a base, and the payload type each carries. */
export interface TopicPayloads {
  state: StatePayload;
  verdict: VerdictPayload;
  availability: AvailabilityPayload;
  bridgeState: BridgeStatePayload;
  match: MatchPayload;
  response: ResponsePayload;
}

export interface Topics {
  readonly state: string;
  readonly verdict: string;
  readonly availability: string;
  readonly bridgeState: string;
  readonly match: string;
  /** The filter the referee subscribes to for requests. */
  readonly requests: string;
  /** The prefix of every request topic: `<requestPrefix><name>`. */
  readonly requestPrefix: string;
  response(name: string): string;
}

/** A topic level: no wildcards, no separators, not empty. */
export const validTopicLevel = (level: string): boolean => level !== '' && !/[#+/]/.test(level) && !level.includes(String.fromCharCode(0));

export function topicsFor(base: string, board: string): Topics {
  return {
    state: `${base}/${board}/state`,
    verdict: `${base}/${board}/verdict`,
    availability: `${base}/${board}/availability`,
    bridgeState: `${base}/bridge/state`,
    match: `${base}/${board}/match`,
    requests: `${base}/bridge/request/+`,
    requestPrefix: `${base}/bridge/request/`,
    response: (name) => `${base}/bridge/response/${name}`,
  };
}
