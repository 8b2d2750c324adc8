/**
 * `senryaku matches list|show|export|import|rebuild`: the match store (src/store/) from the
 * command line. The store is --db FILE, else $SENRYAKU_MATCH_DB, else
 * $XDG_DATA_HOME/senryaku/matches.db; `rebuild` recreates it from the journals.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { rebuildFromJournals } from '../../app/match-store-rebuild.ts';
import { resolveStorePath } from '../../app/match-store-path.ts';
import { resolveJournalDir } from '../../journal/directory.ts';
import { EXPORT_FORMATS, exportMatch, importMatch, parseMatchFile, type ExportFormat } from '../../store/exchange.ts';
import type { GameRecord, MatchRecord, MatchStore, MatchSummary } from '../../store/index.ts';
import { CliFailure, EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { checkDirectory } from '../file-checks.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { usageOf } from '../usage.ts';
import { makeDirectories } from '../../platform/make-directories.ts';

const USAGE = usageOf('matches');
const SUBCOMMANDS = ['list', 'show', 'export', 'import', 'rebuild'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];

/** The options each subcommand takes (--db goes with all). */
const ALLOWED: Record<Subcommand, readonly string[]> = {
  list: ['board', 'player', 'since', 'json'],
  show: ['json'],
  export: ['format', 'out'],
  import: [],
  rebuild: ['journal-dir'],
};
/** How many positionals each takes after the subcommand. */
const ARITY: Record<Subcommand, number> = { list: 0, show: 1, export: 1, import: 1, rebuild: 0 };

export async function matchesCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    db: { type: 'string' },
    board: { type: 'string' },
    player: { type: 'string' },
    since: { type: 'string' },
    json: { type: 'boolean' },
    format: { type: 'string' },
    out: { type: 'string' },
    'journal-dir': { type: 'string' },
  });
  const [sub, ...rest] = positionals;
  if (sub === undefined) throw new UsageError(`matches needs a subcommand (${SUBCOMMANDS.join(', ')}); usage: ${USAGE}`);
  if (!(SUBCOMMANDS as readonly string[]).includes(sub))
    throw new UsageError(`unknown subcommand '${sub}'; the subcommands are ${SUBCOMMANDS.join(', ')}`);
  const command = sub as Subcommand;
  for (const [k, v] of Object.entries(values))
    if (v !== undefined && k !== 'db' && !ALLOWED[command].includes(k))
      throw new UsageError(`--${k} is not an option of 'matches ${command}'`);
  if (rest.length !== ARITY[command])
    throw new UsageError(
      ARITY[command] === 0
        ? `'matches ${command}' takes no argument, got '${rest[0]}'`
        : `'matches ${command}' takes one ${command === 'import' ? 'FILE' : 'match ID'}; usage: ${USAGE}`,
    );
  if (values.db === '') throw new UsageError('--db needs a file');
  const dbPath = resolveStorePath(values.db);

  switch (command) {
    case 'list': {
      const since = values.since !== undefined ? parseSince(values.since) : undefined;
      return withStore(dbPath, false, (store) => {
        const found = store.list({
          ...(values.board !== undefined ? { board: values.board } : {}),
          ...(values.player !== undefined ? { player: values.player } : {}),
          ...(since !== undefined ? { since } : {}),
        });
        for (const m of found) io.out(values.json ? JSON.stringify(m) : summaryLine(m));
        return EXIT_OK;
      });
    }
    case 'show':
      return withStore(dbPath, false, (store) => {
        const match = store.match(rest[0]!);
        if (!match) throw new CliFailure(`no match '${rest[0]}' in ${dbPath}`);
        if (values.json) io.out(JSON.stringify(match));
        else for (const line of showLines(match)) io.out(line);
        return EXIT_OK;
      });
    case 'export': {
      if (values.format === undefined) throw new UsageError(`export needs --format ${EXPORT_FORMATS.join('|')}`);
      if (!(EXPORT_FORMATS as readonly string[]).includes(values.format))
        throw new UsageError(`--format must be ${EXPORT_FORMATS.join(' or ')}, got '${values.format}'`);
      if (values.out === '') throw new UsageError('--out needs a file');
      return withStore(dbPath, false, (store) => {
        const text = exportMatch(store, rest[0]!, values.format as ExportFormat);
        if (!text.ok) throw new CliFailure(text.error.message);
        if (values.out === undefined) io.out(text.value.replace(/\n$/, ''));
        else
          try {
            writeFileSync(values.out, text.value);
          } catch (e) {
            throw new CliFailure(`cannot write ${values.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
          }
        return EXIT_OK;
      });
    }
    case 'import': {
      const file = rest[0]!;
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (e) {
        throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
      const parsed = parseMatchFile(text);
      if (!parsed.ok) throw new UsageError(`${file}: ${parsed.error.code}: ${parsed.error.message}`);
      return withStore(dbPath, true, (store) => {
        const imported = importMatch(store, parsed.value);
        if (!imported.ok) throw new CliFailure(imported.error.message);
        const added = imported.value;
        const total = parsed.value.verdicts.length;
        io.out(
          added === 0 && total > 0
            ? `match ${parsed.value.info.matchId} was already stored (${total} verdicts)`
            : `imported match ${parsed.value.info.matchId}: ${added} of ${total} verdicts new`,
        );
        return EXIT_OK;
      });
    }
    case 'rebuild': {
      const dir = resolveJournalDir(values['journal-dir']);
      if (!existsSync(dir)) throw new UsageError(`no journal directory ${dir}`);
      checkDirectory(dir, 'journal directory', 'read');
      return withStore(dbPath, true, (store) => {
        const report = rebuildFromJournals(store, dir);
        for (const p of report.problems) io.err(`senryaku matches: left out: ${p}`);
        io.out(`rebuilt ${dbPath} from ${dir}: ${report.matches} matches, ${report.verdicts} verdicts`);
        return report.problems.length > 0 ? EXIT_FAILURE : EXIT_OK;
      });
    }
  }
}

/** --since: a date (YYYY-MM-DD) or an ISO time, as the ISO text it is compared with. */
function parseSince(text: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?$/.test(text);
  const ms = Date.parse(date ? `${text}T00:00:00Z` : text.endsWith('Z') ? text : `${text}Z`);
  if (!(date || time) || Number.isNaN(ms))
    throw new UsageError(`--since must be a date YYYY-MM-DD or a UTC time YYYY-MM-DDTHH:MM, got '${text}'`);
  return new Date(ms).toISOString();
}

/** The store at `path`, for `use`; SQLite is loaded once the arguments are good. */
async function withStore(path: string, create: boolean, use: (store: MatchStore) => number): Promise<number> {
  if (!create && !existsSync(path))
    throw new CliFailure(`no match store at ${path} (senryaku matches rebuild makes one from the journals)`);
  if (create)
    try {
      makeDirectories(dirname(path));
    } catch (e) {
      throw new CliFailure(`cannot create the directory of ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  const { openStore } = await import('../../store/store.ts');
  const opened = openStore(path);
  if (!opened.ok) throw new CliFailure(opened.error.message);
  try {
    return use(opened.value);
  } finally {
    opened.value.close();
  }
}

const resultText = (r: MatchSummary['result'], players: MatchSummary['players']): string =>
  r === undefined ? 'in progress' : r === 'draw' ? 'drawn' : `${players[r]} (${r}) won`;

function summaryLine(m: MatchSummary): string {
  const board = m.profile !== undefined ? `${m.board} (${m.profile})` : m.board;
  return `${m.matchId}  ${m.ruleset}  ${m.startedAt}  board ${board}  ${m.players.A} v ${m.players.B}  ${m.games} game${m.games === 1 ? '' : 's'}  ${resultText(m.result, m.players)}`;
}

function showLines(m: MatchRecord): string[] {
  const { info } = m;
  const last = m.games.at(-1);
  return [
    `match ${info.matchId}: ${info.event}`,
    `started ${info.startedAt} on board ${info.board.key}${info.board.profile !== undefined ? ` (${info.board.profile})` : ''}, ${info.board.site}`,
    `players: A ${info.players.A}, B ${info.players.B}`,
    `result: ${resultText(m.result, info.players)}${last ? `, score ${last.score.A}-${last.score.B}` : ''}`,
    ...(m.hints.A + m.hints.B > 0 ? [`hints: A ${m.hints.A}, B ${m.hints.B}`] : []),
    ...m.games.flatMap((g) => gameLines(g, m)),
  ];
}

function gameLines(g: GameRecord, m: MatchRecord): string[] {
  const count = (kind: string) => g.events.filter((e) => e.kind === kind).length;
  const sides = g.sides.map((s) => `${s.side} ${m.info.players[s.player]}`).join(', ');
  const end = g.result === '*' ? 'not finished' : `${g.result}${g.termination !== undefined ? ` (${g.termination})` : ''}`;
  const lines = [`game ${g.number}: ${sides}; ${end}; ${count('move')} moves, ${count('foul')} fouls, ${count('crash')} crashes`];
  for (const e of g.events)
    if (e.kind === 'foul') lines.push(`  after ply ${e.afterPly}: foul by ${e.side}, ${e.code}: ${e.message}`);
    else if (e.kind === 'crash') lines.push(`  after ply ${e.afterPly}: crash, ${e.loser} loses (toward ${e.toward}, during ${e.during})`);
    else if (e.kind === 'forfeit') lines.push(`  after ply ${e.afterPly}: forfeit by ${e.loser} (${e.reason}): ${e.message}`);
    else if (e.kind === 'attributed') lines.push(`  after ply ${e.afterPly}: holding attributed to ${e.to}: ${e.message}`);
    else if (e.kind === 'computer-move') lines.push(`  after ply ${e.afterPly}: the computer (${e.side}) plays ${e.move}`);
    else if (e.kind === 'hint') lines.push(`  after ply ${e.afterPly}: hint for ${e.side} (${e.player}, ${e.count} so far): ${e.move}`);
    else if (e.kind === 'takeback')
      lines.push(
        `  takeback to ply ${e.afterPly}: ${e.moves.map((m) => `${m.side} ${m.move}`).join(', ')} taken back${e.withdrawn ? ` (the foul by ${e.withdrawn.side} withdrawn)` : ''}; ${e.side} to move`,
      );
  return lines;
}
