/**
 * `senryaku replay FILE [--json]`: re-referees a recorded session from its raw lines. FILE is
 * a match journal (it carries its settings, profile and calibration) or a `senryaku record`
 * recording (refereed with --profile, the stored calibration of its board, and --policy/--track).
 */
import { readFileSync } from 'node:fs';
import { CalibrationStore, resolveCalibrationDir } from '../../app/calibration-store.ts';
import { readJournal } from '../../app/journal.ts';
import { REFERENCE_PROFILE_PATH } from '../../app/open-board.ts';
import { loadProfileFile } from '../../app/load-profile.ts';
import { replayJournal, replayRecording, type JournalReplay } from '../../app/replay.ts';
import type { Result } from '../../util/result.ts';
import { verdictText } from '../../app/verdict-text.ts';
import { RECORDING_FORMAT, parseRecording } from '../../hardware/link/recording.ts';
import { parseBoardLine } from '../../hardware/protocol/index.ts';
import { DEFAULT_REFEREE_SETTINGS } from '../../referee/senryaku/settings.ts';
import type { Verdict } from '../../referee/verdicts.ts';
import { formatSettingsProblems, parseMatchOptions } from '../../app/match-settings.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { checkDirectory } from '../file-checks.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { usageOf } from '../usage.ts';

const REPLAY_USAGE = usageOf('replay');

export function replayCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(args, {
    json: { type: 'boolean' },
    check: { type: 'boolean' },
    profile: { type: 'string' },
    'calibration-dir': { type: 'string' },
    policy: { type: 'string' },
    track: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError(`replay takes one file; usage: ${REPLAY_USAGE}`);
  checkDirectory(resolveCalibrationDir(values['calibration-dir']), 'calibration directory', 'read');
  const path = positionals[0]!;
  let text: string;
  try {
    text = readFileSync(path, 'latin1');
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const isRecording = formatOf(text) === RECORDING_FORMAT;
  if (isRecording && values.check) throw new UsageError('--check needs a journal: a recording holds no verdicts to check against');
  const replayed = isRecording ? fromRecording(text, values) : fromJournal(path, io);
  if (!replayed.ok) {
    io.err(`senryaku replay: ${replayed.error}`);
    return EXIT_FAILURE;
  }
  const { verdicts, mismatch, sessions } = replayed.value;
  if (!values.check)
    for (const v of verdicts) {
      if (values.json) io.out(JSON.stringify(v));
      else if (v.type !== 'lifted' && v.type !== 'capture-started') io.out(verdictText(v));
    }
  if (mismatch) {
    const say = (v: Verdict | undefined): string => (v ? JSON.stringify(v) : 'nothing more');
    io.err(
      `senryaku replay: the replay differs from the journal at line ${mismatch.line ?? '?'} (session ${mismatch.session}): ` +
        `the journal has ${say(mismatch.journal)}, the replay gives ${say(mismatch.replay)}`,
    );
    return EXIT_FAILURE;
  }
  if (values.check) io.out(`checked: ${verdicts.length} verdicts in ${sessions} session${sessions === 1 ? '' : 's'}, identical to the journal`);
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

type Replayed = Result<Pick<JournalReplay, 'verdicts' | 'mismatch' | 'sessions'>, string>;

function fromJournal(path: string, io: CliIo): Replayed {
  const journal = readJournal(path);
  if (!journal.ok) throw new UsageError(journal.error.message);
  if (journal.value.tornTail) io.err('note: the journal ends with a record cut short (the host stopped while writing); it is left out');
  return replayJournal(journal.value);
}

function fromRecording(
  text: string,
  values: { profile?: string | undefined; 'calibration-dir'?: string | undefined; policy?: string | undefined; track?: string | undefined },
): Replayed {
  const recording = parseRecording(text);
  if (!recording.ok) throw new UsageError(`not a valid recording: line ${recording.error.line}: ${recording.error.message}`);
  const profile = loadProfileFile(values.profile ?? REFERENCE_PROFILE_PATH);
  if (!profile.ok) throw new UsageError(profile.error);
  const options = parseMatchOptions({ policy: values.policy, track: values.track });
  if (!options.ok) throw new UsageError(formatSettingsProblems(options.error));
  const helloLine = recording.value.header.hello;
  const hello = helloLine === null ? undefined : parseBoardLine(helloLine, { cellCount: 44 });
  if (!hello?.ok || hello.value.type !== 'hello') return { ok: false, error: 'the recording has no HELLO, so its board (and calibration) is unknown' };
  const store = new CalibrationStore(resolveCalibrationDir(values['calibration-dir']));
  const calibration = store.load(hello.value.boardId, { cellCount: hello.value.wellCells + hello.value.pivotCells });
  if (!calibration.ok) return { ok: false, error: calibration.error.message };
  const settings = { ...DEFAULT_REFEREE_SETTINGS, profile: profile.value, policy: options.value.policy, match: options.value.match };
  return { ok: true, value: { verdicts: replayRecording(recording.value, settings, calibration.value), mismatch: undefined, sessions: 1 } };
}
