/**
 * A stored match as a file and back: JSON (the match's header and every verdict, all the
 * store knows) or SGN (docs/sgn.md: the games as records). Importing either files the match
 * through the same `recordVerdict` as the live referee, so an import is idempotent too.
 */
import { isJsonObject } from '../util/json.ts';
import { err, ok, type CodedError, type Result } from '../util/result.ts';
import type { MatchInfo, NumberedVerdict } from './model.ts';
import { formatSgn, parseSgn, type SgnError } from './sgn.ts';
import type { MatchStore } from './store.ts';

export const MATCH_EXPORT_FORMAT = 'senryaku-match';
export const MATCH_EXPORT_VERSION = 1;
export const EXPORT_FORMATS = ['sgn', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExchangeErrorCode = 'UnknownMatch' | 'NoGames' | 'NotJson' | 'BadExport' | 'Conflict';
export type ExchangeError = CodedError<ExchangeErrorCode>;

/** The match as text in `format`. */
export function exportMatch(store: MatchStore, matchId: string, format: ExportFormat): Result<string, ExchangeError> {
  const info = store.info(matchId);
  if (!info) return err({ code: 'UnknownMatch', message: `no match '${matchId}' in ${store.path}` });
  if (format === 'json') {
    const doc = { format: MATCH_EXPORT_FORMAT, version: MATCH_EXPORT_VERSION, match: info, verdicts: store.verdicts(matchId) };
    return ok(`${JSON.stringify(doc, null, 2)}\n`);
  }
  const record = store.match(matchId)!;
  if (record.games.length === 0) return err({ code: 'NoGames', message: `match '${matchId}' has no game yet: nothing to write as SGN` });
  return ok(formatSgn(record));
}

export interface ImportedMatch {
  readonly info: MatchInfo;
  readonly verdicts: readonly NumberedVerdict[];
}

/** Reads an export: JSON when it starts with `{`, else SGN. */
export function parseMatchFile(text: string): Result<ImportedMatch, ExchangeError | SgnError> {
  return text.trimStart().startsWith('{') ? parseMatchJson(text) : parseSgn(text);
}

export function parseMatchJson(text: string): Result<ImportedMatch, ExchangeError> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return err({ code: 'NotJson', message: `not JSON: ${(e as Error).message}` });
  }
  const bad = (why: string) => err({ code: 'BadExport' as const, message: `not a ${MATCH_EXPORT_FORMAT} export: ${why}` });
  if (!isJsonObject(doc) || doc.format !== MATCH_EXPORT_FORMAT) return bad(`its format is not '${MATCH_EXPORT_FORMAT}'`);
  if (doc.version !== MATCH_EXPORT_VERSION) return bad(`version ${String(doc.version)} (this senryaku reads ${MATCH_EXPORT_VERSION})`);
  const m = doc.match;
  if (!isJsonObject(m)) return bad('match is missing');
  const strings = ['matchId', 'ruleset', 'event', 'startedAt'] as const;
  for (const k of strings) if (typeof m[k] !== 'string') return bad(`match.${k} must be a string`);
  if (!isJsonObject(m.players) || typeof m.players.A !== 'string' || typeof m.players.B !== 'string')
    return bad('match.players needs A and B');
  const b = m.board;
  if (
    !isJsonObject(b) ||
    typeof b.key !== 'string' ||
    typeof b.site !== 'string' ||
    (b.profile !== undefined && typeof b.profile !== 'string')
  )
    return bad('match.board needs key and site (and may have profile)');
  if (!isJsonObject(m.settings)) return bad('match.settings must be an object');
  if (!Array.isArray(doc.verdicts)) return bad('verdicts must be a list');
  let last = 0;
  for (const [i, v] of (doc.verdicts as unknown[]).entries()) {
    if (!isJsonObject(v) || !Number.isSafeInteger(v.seq) || (v.seq as number) <= last)
      return bad(`verdicts[${i}] needs a seq above ${last}`);
    last = v.seq as number;
    if (!isJsonObject(v.verdict) || typeof v.verdict.type !== 'string' || typeof v.verdict.atMs !== 'number')
      return bad(`verdicts[${i}].verdict needs a type and atMs`);
  }
  return ok({ info: m as unknown as MatchInfo, verdicts: doc.verdicts as NumberedVerdict[] });
}

/**
 * Files an imported match; returns how many of its verdicts were new. A verdict already
 * stored under the same seq must be the same verdict (a JSON export of a stored match imports
 * as nothing new); a different one is a `Conflict` and nothing is filed: an SGN record keeps
 * fewer verdicts than the journal, so it cannot be merged into the match it was written from.
 */
export function importMatch(store: MatchStore, match: ImportedMatch): Result<number, ExchangeError> {
  return store.db.transaction((): Result<number, ExchangeError> => {
    const stored = new Map(store.verdicts(match.info.matchId).map((v) => [v.seq, JSON.stringify(v.verdict)]));
    for (const { seq, verdict } of match.verdicts) {
      const before = stored.get(seq);
      if (before !== undefined && before !== JSON.stringify(verdict))
        return err({
          code: 'Conflict',
          message: `match ${match.info.matchId} is already stored, with another verdict ${seq}: nothing imported`,
        });
    }
    store.recordMatch(match.info);
    let added = 0;
    for (const { seq, verdict } of match.verdicts) if (store.recordVerdict(match.info, seq, verdict)) added++;
    return ok(added);
  })();
}
