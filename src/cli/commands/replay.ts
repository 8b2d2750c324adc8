/**
 * `senryaku replay FILE [--json]`: re-referees a recorded session from its raw lines. FILE is
 * a match journal (it carries its settings, profile and calibration) or a `senryaku record`
 * recording (refereed as the game its header names, or --rules for an older one; with
 * --profile, --calibration FILE or else the stored calibration of the board its HELLO
 * names, and --policy with --track or --match). Received lines that cannot be decoded
 * are counted on stderr, never passed over in silence.
 */
import { readFileSync } from 'node:fs';
import { CalibrationStore, loadCalibrationFile, resolveCalibrationDir } from '../../calibration/store.ts';
import { JOURNAL_VERSION, readJournal } from '../../journal/journal.ts';
import { resolveFallbackDirs } from '../../journal/split.ts';
import { loadSessionProfile, referenceProfilePath } from '../../app/board-check.ts';
import { BUILT_IN_RULESETS } from '../../games/registry.ts';
import { replayJournal, replayRecording, type JournalReplay, type RecordingReplay } from '../../journal/replay.ts';
import { ok, type Result } from '../../util/result.ts';
import { rulesetById } from '../../games/registry.ts';
import { verdictText } from '../../presentation/verdict-text.ts';
import { RECORDING_FORMAT, parseRecording, type Recording } from '../../hardware/link/recording.ts';
import { cellCountOf, parseBoardLine, type Hello } from '../../protocol/index.ts';
import { cellCountOf as profileCellCount } from '../../sensing/calibration.ts';
import type { Verdict } from '../../referee/verdicts.ts';
import { formatSettingsProblems } from '../../rulesets/match-options.ts';
import { parseMatchOptions } from '../../rulesets/parse-match-options.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { checkDirectory } from '../file-checks.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { matchFlagSpecs, matchFlagValues, type MatchFlagValues } from '../match-flags.ts';
import { usageOf } from '../usage.ts';

const REPLAY_USAGE = usageOf('replay', BUILT_IN_RULESETS);
/** What a recording needs to be refereed and a journal already holds. */
const RECORDING_ONLY = ['calibration', 'profile', 'rules', 'policy', ...BUILT_IN_RULESETS.matchOptions.map((o) => o.spec.name)];
/** How many undecodable lines the note names. */
const UNDECODABLE_SHOWN = 5;

export function replayCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(args, {
    ...(matchFlagSpecs(BUILT_IN_RULESETS) as Record<string, { readonly type: 'string' }>),
    json: { type: 'boolean' },
    check: { type: 'boolean' },
    profile: { type: 'string' },
    calibration: { type: 'string' },
    'calibration-dir': { type: 'string' },
    policy: { type: 'string' },
    rules: { type: 'string' },
    'fallback-journal-dir': { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError(`replay takes one file; usage: ${REPLAY_USAGE}`);
  if (values.calibration !== undefined && values['calibration-dir'] !== undefined)
    throw new UsageError('give --calibration FILE or --calibration-dir DIR, not both');
  if (values.calibration === '') throw new UsageError('--calibration needs a file');
  if (values.calibration === undefined) checkDirectory(resolveCalibrationDir(values['calibration-dir']), 'calibration directory', 'read');
  const path = positionals[0]!;
  let text: string;
  try {
    text = readFileSync(path, 'latin1');
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const isRecording = formatOf(text) === RECORDING_FORMAT;
  if (isRecording && values.check) throw new UsageError('--check needs a journal: a recording holds no verdicts to check against');
  if (!isRecording) {
    // A journal carries its own game, settings, profile and calibration: an option it would ignore is said.
    const given = RECORDING_ONLY.find((name) => (values as MatchFlagValues)[name] !== undefined);
    if (given !== undefined)
      throw new UsageError(`--${given} is for a recording: a journal carries its own game, match settings, profile and calibration`);
  }
  const replayed = isRecording
    ? fromRecording(text, values, io)
    : fromJournal(path, resolveFallbackDirs(values['fallback-journal-dir']), io);
  if (!replayed.ok) {
    io.err(`senryaku replay: ${replayed.error}`);
    return EXIT_FAILURE;
  }
  const { verdicts, mismatch, sessions, version, words } = replayed.value;
  if (!values.check)
    for (const v of verdicts) {
      if (values.json) io.out(JSON.stringify(v));
      else if (v.type !== 'lifted' && v.type !== 'capture-started') io.out(verdictText(v, words));
    }
  if (mismatch) {
    const say = (v: Verdict | undefined): string => (v ? JSON.stringify(v) : 'nothing more');
    io.err(
      `senryaku replay: the replay differs from the journal at line ${mismatch.line ?? '?'} (session ${mismatch.session}): ` +
        `the journal has ${say(mismatch.journal)}, the replay gives ${say(mismatch.replay)}` +
        (version !== undefined && version < JOURNAL_VERSION
          ? ` (the journal is version ${version}, written by an earlier referee whose verdicts were shaped and dated differently)`
          : ''),
    );
    return EXIT_FAILURE;
  }
  if (values.check)
    io.out(`checked: ${verdicts.length} verdicts in ${sessions} session${sessions === 1 ? '' : 's'}, identical to the journal`);
  return EXIT_OK;
}

/** The `format` named by the file's first line, if it is a JSON object that names one. */
function formatOf(text: string): string | undefined {
  const end = text.indexOf('\n');
  try {
    const head: unknown = JSON.parse(end < 0 ? text : text.slice(0, end));
    return typeof head === 'object' && head !== null && 'format' in head && typeof head.format === 'string' ? head.format : undefined;
  } catch {
    return undefined;
  }
}

/** What was replayed, and what its game calls its pieces (for the verdicts in words). */
type Replayed = Result<Pick<JournalReplay, 'verdicts' | 'mismatch' | 'sessions' | 'words'> & { readonly version?: number }, string>;

function fromJournal(path: string, fallbackDirs: readonly string[], io: CliIo): Replayed {
  const journal = readJournal(path, undefined, { fallbackDirs });
  if (!journal.ok) throw new UsageError(journal.error.message);
  // A match split across its journal and fallback journals (its disk failed) is replayed whole.
  const { applied, problems } = journal.value.fallbacks;
  for (const f of applied) io.err(`note: the journal goes on in the fallback journal ${f} (written while its disk failed): read with it`);
  for (const p of problems) io.err(`note: fallback journal ${p}`);
  if (journal.value.tornTail) io.err('note: the journal ends with a record cut short (the host stopped while writing); it is left out');
  const { unrebuiltLines } = journal.value;
  if (unrebuiltLines > 0)
    io.err(
      `note: ${unrebuiltLines} received line${unrebuiltLines === 1 ? '' : 's'} could not be rebuilt (the frame before ${unrebuiltLines === 1 ? 'it' : 'them'} was lost to a storage fault); left out as lost lines`,
    );
  return replayJournal(journal.value);
}

interface RecordingValues {
  readonly profile?: string | undefined;
  readonly calibration?: string | undefined;
  readonly 'calibration-dir'?: string | undefined;
  readonly policy?: string | undefined;
  readonly rules?: string | undefined;
}

function fromRecording(text: string, values: RecordingValues & MatchFlagValues, io: CliIo): Replayed {
  const recording = parseRecording(text);
  if (!recording.ok) throw new UsageError(`not a valid recording: line ${recording.error.line}: ${recording.error.message}`);
  // The recording names its game; one made before recordings did is Senryaku unless --rules says otherwise.
  const named = recording.value.header.rules;
  if (named !== undefined && values.rules !== undefined && values.rules !== named)
    throw new UsageError(`the recording is of a ${named} session; --rules ${values.rules} does not match it`);
  const known = named === undefined ? undefined : rulesetById(named);
  if (known && !known.ok) throw new UsageError(`the recording's header names a game this referee does not know: ${known.error.message}`);
  const options = parseMatchOptions(
    { rules: values.rules ?? named, policy: values.policy, ...matchFlagValues(values, BUILT_IN_RULESETS) },
    BUILT_IN_RULESETS,
  );
  if (!options.ok) throw new UsageError(formatSettingsProblems(options.error));
  // parseMatchOptions found the game.
  const session = BUILT_IN_RULESETS.all.find((g) => g.id === options.value.ruleset)!;
  const profilePath =
    values.profile ??
    (session.referenceProfileFile !== undefined ? referenceProfilePath(session) : `the profile ${session.name} generates`);
  const file = loadSessionProfile(values.profile, session);
  if (!file.ok) throw new UsageError(file.error);
  const hello = helloOf(recording.value);
  if (!hello) return { ok: false, error: 'the recording has no HELLO, so its board (and calibration) is unknown' };
  // The board's HELLO says how many cells a frame has; a profile with a cell map must map that many.
  const cellCount = cellCountOf(hello);
  if (file.value.mapped && profileCellCount(file.value.hardware) !== cellCount)
    throw new UsageError(
      `the recording's board has ${cellCount} cells (its HELLO), the profile ${profilePath} maps ${profileCellCount(file.value.hardware)}: give its --profile` +
        (named === undefined && values.rules === undefined
          ? ` (the recording does not name its game, so it is refereed as ${session.name}: --rules for another)`
          : ''),
    );
  let calibration;
  if (values.calibration !== undefined) {
    calibration = loadCalibrationFile(values.calibration, { cellCount, boardId: hello.boardId });
    if (!calibration.ok) throw new UsageError(calibration.error.message);
  } else {
    calibration = new CalibrationStore(resolveCalibrationDir(values['calibration-dir'])).load(hello.boardId, { cellCount });
    // None stored is a runtime failure (calibrate the board); a stored file that is no valid calibration is a bad file.
    if (!calibration.ok && calibration.error.code !== 'NotFound') throw new UsageError(calibration.error.message);
    if (!calibration.ok) return { ok: false, error: calibration.error.message };
  }
  const replayed = replayRecording(recording.value, session.newMatch(file.value, options.value), calibration.value);
  if (!replayed.ok) return replayed;
  noteUndecodable(replayed.value, io);
  return ok({ verdicts: replayed.value.verdicts, mismatch: undefined, sessions: 1, words: session.words });
}

/** The board's HELLO: the header's, else the first HELLO received. A HELLO has no cells to count: it is what says how many a frame has. */
function helloOf(recording: Recording): Hello | undefined {
  const lines = [recording.header.hello, ...recording.records.map((r) => (r.d === 'in' ? r.line : null))];
  for (const line of lines) {
    if (line === null || !line.startsWith('HELLO')) continue;
    const parsed = parseBoardLine(line, { cellCount: 0 });
    if (parsed.ok && parsed.value.type === 'hello') return parsed.value;
  }
  return undefined;
}

/** One stderr line when received lines could not be decoded: how many, and where the first few are. */
function noteUndecodable({ undecodable, received }: RecordingReplay, io: CliIo): void {
  if (undecodable.length === 0) return;
  const first = undecodable.slice(0, UNDECODABLE_SHOWN).map((u) => `line ${u.line} ${u.code}`);
  const more = undecodable.length > UNDECODABLE_SHOWN ? ', ...' : '';
  io.err(`note: ${undecodable.length} of ${received} received lines could not be decoded and are left out (${first.join(', ')}${more})`);
}
