/**
 * The answer to `fetch_verdicts` (docs/mqtt.md): the verdicts of a match this referee process
 * refereed, from its journal, for a hub that missed them (it joined late, or lost its session
 * in a broker restart). The match being refereed answers from its journaled verdicts in
 * memory; an earlier match of the process from its journal file. It reads, never changes
 * anything, and anyone may read the verdicts it answers with, so anyone may ask it.
 */
import type { Verdict } from '../referee/verdicts.ts';
import { FETCH_VERDICTS_LIMIT, type FetchVerdictsData } from '../telemetry/topics.ts';
import { err, ok, type Result } from '../util/result.ts';
import { readJournal } from '../journal/journal.ts';
import { matchInfoOf } from './match-info.ts';
import type { ControlAnswer, ControlBody } from './referee-control.ts';
import type { RefereeHost } from './referee-host.ts';

const FIELDS = ['matchId', 'from', 'to'] as const;

/** `{ matchId, from, to? }`: the verdicts from..to (to the last without `to`), at most FETCH_VERDICTS_LIMIT. */
export function fetchVerdicts(host: RefereeHost, body: ControlBody): ControlAnswer {
  const unknown = Object.keys(body).filter((k) => !(FIELDS as readonly string[]).includes(k));
  if (unknown.length > 0)
    return err(`fetch_verdicts: unknown field ${unknown.map((k) => `'${k}'`).join(', ')} (it takes ${FIELDS.join(', ')})`);
  const { matchId, from, to } = body;
  if (typeof matchId !== 'string' || matchId === '')
    return err(`fetch_verdicts needs "matchId", a match id, got ${JSON.stringify(matchId)}`);
  if (!Number.isSafeInteger(from) || (from as number) < 1)
    return err(`fetch_verdicts needs "from", a seq (a whole number >= 1), got ${JSON.stringify(from)}`);
  if (to !== undefined && (!Number.isSafeInteger(to) || (to as number) < (from as number)))
    return err(`fetch_verdicts: "to" is a seq >= from, got ${JSON.stringify(to)}`);
  const match = journaledMatch(host, matchId);
  if (!match.ok) return match;
  const last = match.value.verdicts.length;
  const end = Math.min(to === undefined ? last : (to as number), last);
  const start = from as number;
  const stop = Math.min(end, start + FETCH_VERDICTS_LIMIT - 1);
  const verdicts = match.value.verdicts.slice(start - 1, stop).map((verdict, i) => ({ seq: start + i, verdict }));
  const data: FetchVerdictsData = { matchId, match: match.value.info, verdicts, lastSeq: last, more: stop < end };
  return ok(data as unknown as Readonly<Record<string, unknown>>);
}

type JournaledMatch = { readonly info: FetchVerdictsData['match']; readonly verdicts: readonly Verdict[] };

/**
 * The last earlier match read from its journal, per host: a hub fetching a long gap asks again
 * and again (200 verdicts an answer), and anyone may ask, so a finished match's journal (it
 * is never written again) is decompressed and parsed once, not once per request.
 */
const lastRead = new WeakMap<RefereeHost, { readonly matchId: string; readonly match: JournaledMatch }>();

function journaledMatch(host: RefereeHost, matchId: string): Result<JournaledMatch, string> {
  const app = host.current;
  if (app?.matchId === matchId && app.matchHeader)
    return ok({ info: matchInfoOf(app.matchHeader), verdicts: app.verdictsAfter(0).map((l) => l.verdict) });
  const cached = lastRead.get(host);
  if (cached?.matchId === matchId) return ok(cached.match);
  const path = host.journalOf(matchId);
  if (path === undefined) return err(`no match '${matchId}' has been refereed here`);
  const read = readJournal(path);
  if (!read.ok) return err(`the journal of match '${matchId}' cannot be read: ${read.error.message}`);
  const match: JournaledMatch = {
    info: matchInfoOf(read.value.header),
    verdicts: read.value.records.flatMap((r) => (r.kind === 'verdict' ? [r.verdict] : [])),
  };
  lastRead.set(host, { matchId, match });
  return ok(match);
}
