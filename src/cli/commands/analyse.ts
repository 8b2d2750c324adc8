/**
 * `senryaku analyse FILE [--rules ID] [--json] [--depth N] [--nodes N] | [--level N]`: a
 * recorded match (a journal, an SGN file or a JSON export of the match store) through its
 * game's engine: every move's evaluation, the best move, and the moves that lost
 * (src/analysis/, docs/analysis.md). Bad input (a file that is no match record, a move the
 * rules refuse) is one line naming the file, the line and a code, exit 2.
 */
import { readFileSync } from 'node:fs';
import type { AnalysisLimits } from '../../analysis/analyse-game.ts';
import { DEFAULT_LIMITS, limitsOfLevel } from '../../analysis/limits.ts';
import type { MatchSource } from '../../analysis/match-text.ts';
import { LEVELS, type Level } from '../../engine/types.ts';
import { engineOnBoard } from '../../rulesets/engine-on-board.ts';
import { EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { usageOf } from '../usage.ts';

const USAGE = usageOf('analyse');
const MAX_DEPTH = 64;
const MAX_NODES = 100_000_000;
/** A gzip member starts so: a journal on disk. */
const GZIP_MAGIC = [0x1f, 0x8b];

export async function analyseCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    rules: { type: 'string' },
    json: { type: 'boolean' },
    depth: { type: 'string' },
    nodes: { type: 'string' },
    level: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError(`analyse takes one FILE (a journal, an SGN file or a JSON export); usage: ${USAGE}`);
  const file = positionals[0]!;
  const limits = readLimits(values);
  const [{ analyseRecord, runThrough }, { analysisDocument, analysisLines }, { rulesetById }] = await Promise.all([
    import('../../analysis/analyse-match.ts'),
    import('../../analysis/report.ts'),
    import('../../games/registry.ts'),
  ]);
  const source = await readSource(file);
  const ruleset = rulesetById(source.ruleset);
  if (!ruleset.ok) throw new UsageError(`${file}: ${ruleset.error.message}`);
  if (values.rules !== undefined && values.rules !== source.ruleset)
    throw new UsageError(`${file} is a match of ${source.ruleset}, not of ${values.rules}`);
  if (ruleset.value.engine === undefined) throw new UsageError(`${file}: ${ruleset.value.name} has no engine to analyse it with`);
  // On the board the match was played on, where the record says (what crashed there is what the referee judged).
  const onBoard = engineOnBoard(ruleset.value, source.profile);
  if (!onBoard.ok) throw new UsageError(`${file}: journal header: profile: ${onBoard.error}`);
  const engine = onBoard.value;
  const analysis = runThrough(analyseRecord(engine, source.verdicts, limits));
  if (!analysis.ok) {
    const { code, message, line } = analysis.error;
    throw new UsageError(`${file}${line !== undefined ? `:${line}` : ''}: ${code}: ${message}`);
  }
  if (values.json) io.out(JSON.stringify(analysisDocument(source, analysis.value)));
  else for (const line of analysisLines(source, analysis.value)) io.out(line);
  return EXIT_OK;
}

/** The match a file records: a journal (gzip, or the plain text of the first journals) or an SGN file or JSON export. */
async function readSource(file: string): Promise<MatchSource> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const text = bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1] ? undefined : bytes.toString('utf8');
  if (text === undefined || /^\{"kind":"header"/.test(text)) {
    const { readJournal } = await import('../../journal/journal.ts');
    const journal = readJournal(file);
    if (!journal.ok) throw new UsageError(`${journal.error.code}: ${journal.error.message}`);
    const { header, sessions } = journal.value;
    return {
      ruleset: header.ruleset,
      matchId: header.matchId,
      players: header.settings.players,
      profile: header.profile,
      verdicts: sessions.flatMap((s) =>
        s.records.flatMap(({ line, record }) => (record.kind === 'verdict' ? [{ verdict: record.verdict, line }] : [])),
      ),
    };
  }
  const { readMatchText } = await import('../../analysis/match-text.ts');
  const read = readMatchText(text);
  if (!read.ok) {
    const { code, message, line, column } = read.error;
    throw new UsageError(`${file}${line !== undefined ? `:${line}${column !== undefined ? `:${column}` : ''}` : ''}: ${code}: ${message}`);
  }
  return read.value;
}

function readLimits(values: { depth?: string | undefined; nodes?: string | undefined; level?: string | undefined }): AnalysisLimits {
  if (values.level !== undefined) {
    if (values.depth !== undefined || values.nodes !== undefined)
      throw new UsageError('--level sets the depth and the nodes: give it alone');
    const n = /^\d+$/.test(values.level) ? Number(values.level) : NaN;
    const limits = (LEVELS as readonly number[]).includes(n) ? limitsOfLevel(n as Level) : undefined;
    if (limits === undefined)
      throw new UsageError(`--level must be a whole number from 1 to 9 (level 10 plays by the clock), got '${values.level}'`);
    return limits;
  }
  if (values.depth === undefined && values.nodes === undefined) return DEFAULT_LIMITS;
  return {
    ...(values.depth !== undefined ? { depth: whole('--depth', values.depth, 1, MAX_DEPTH) } : {}),
    ...(values.nodes !== undefined ? { nodes: whole('--nodes', values.nodes, 1, MAX_NODES) } : {}),
  };
}

function whole(flag: string, text: string, min: number, max: number): number {
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max))
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got '${text.replace(/\s+/g, ' ')}'`);
  return n;
}
