/**
 * Everything `senryaku referee` checks before it starts anything: the flags as typed, the
 * settings file under them (the effective settings), the match's options, a journal to
 * resume, the directories, the board's options and profile (and its port). A problem is a
 * UsageError, the only line said. What comes out is the run, as the composition root
 * (root.ts) builds it.
 */
import { resolveCalibrationDir } from '../../calibration/store.ts';
import { resolveJournalDir } from '../../journal/directory.ts';
import { readJournal } from '../../journal/journal.ts';
import { ownSettings, resumeSetup, unannouncedVerdicts } from '../../journal/resume.ts';
import { resolveFallbackDirs } from '../../journal/split.ts';
import { checkBoardOptions } from '../../app/board-check.ts';
import { BUILT_IN_RULESETS } from '../../games/registry.ts';
import { formatSettingsProblems } from '../../rulesets/match-options.ts';
import { parseMatchOptions } from '../../rulesets/parse-match-options.ts';
import type { MatchPlan } from '../../app/referee-host.ts';
import { withComputer } from '../../app/computer/computer-plan.ts';
import { splitCommandLine } from '../../app/engine/split-command-line.ts';
import { parseComputerSeat } from '../../rulesets/computer-seat.ts';
import { parseSpeed } from '../../app/virtual-clock.ts';
import { effectiveSettings, formatSettingsErrors, loadSettings, settingsAsFlags, type Settings } from '../../settings/index.ts';
import type { BrokerUser } from '../../telemetry/broker.ts';
import { DEFAULT_HTTP, parseHttpOption } from '../../web/http-option.ts';
import { boardProblem } from '../board.ts';
import { checkDirectory } from '../file-checks.ts';
import { UsageError, type CliDeps } from '../io.ts';
import { ok } from '../../util/result.ts';
import { parseMqttOptions } from '../mqtt-options.ts';
import { usageOf } from '../usage.ts';
import type { ParsedRefereeArgs, RefereeValues } from './options.ts';
import type { RefereeRun } from './run.ts';

/** The run `args` ask for, every part of it checked; throws a UsageError (exit 2) for the first problem found. */
export async function checkRefereeRun(parsed: ParsedRefereeArgs, deps: CliDeps): Promise<RefereeRun> {
  const { positionals } = parsed;
  // The flags are checked as given first, so a bad one is named as typed; then the settings file under them.
  const given = parseMatchOptions(parsed.values, BUILT_IN_RULESETS);
  if (!given.ok) throw new UsageError(formatSettingsProblems(given.error));
  if (parsed.values.scoreboard === '') throw new UsageError('--scoreboard needs PATH, auto, virtual or none');
  const { values, settings, users } = withSettings(parsed.values);
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument '${positionals[0]}'; usage: ${usageOf('referee', BUILT_IN_RULESETS)}`);
  if (values.autoplay && !values.sim) throw new UsageError('--autoplay needs --sim: simulated players play on the simulated board');
  const options = parseMatchOptions(values, BUILT_IN_RULESETS);
  if (!options.ok) throw new UsageError(formatSettingsProblems(options.error));
  const speed = parseSpeed(values.speed ?? '1');
  if (!speed.ok) throw new UsageError(speed.error);
  if (values.speed !== undefined && values.port !== undefined)
    throw new UsageError('--speed does not go with --port: a real board plays in real time');
  // A real scoring board is drawn in real time (Firmata at 57,600 baud, ~2 s to be ready): a match
  // at --speed max is over before it could show anything, so it is refused rather than left dark.
  if (speed.value === 'max' && values.scoreboard !== undefined && values.scoreboard !== 'virtual' && values.scoreboard !== 'none')
    throw new UsageError(
      `--speed max does not go with --scoreboard ${values.scoreboard}: a real scoring board is drawn in real time and would show nothing; use --speed N or --scoreboard virtual`,
    );
  const mqtt = parseMqttOptions(values);
  const http = parseHttpOption(values.http ?? process.env.SENRYAKU_HTTP ?? DEFAULT_HTTP);
  if (!http.ok) throw new UsageError(http.error);

  const fallbackJournalDirs = resolveFallbackDirs(values['fallback-journal-dir']);
  // A match left split across its journal and a fallback (killed while on it) is read whole.
  const resume = values.resume === undefined ? undefined : readJournal(values.resume, undefined, { fallbackDirs: fallbackJournalDirs });
  if (resume && !resume.ok) throw new UsageError(resume.error.message);
  // A journal says its own game.
  const rulesetId = resume?.ok ? resume.value.header.ruleset : options.value.ruleset;
  // Only a --rules given on the command line can contradict the journal (the file's is a default).
  if (resume?.ok && parsed.values.rules !== undefined && parsed.values.rules !== rulesetId)
    throw new UsageError(`${values.resume} is a ${rulesetId} match: --rules ${parsed.values.rules} does not go with it`);
  const found = BUILT_IN_RULESETS.byId(rulesetId);
  if (!found.ok) throw new UsageError(found.error.message);
  const game = found.value;
  if (resume && values.position !== undefined)
    throw new UsageError('--position does not go with --resume: the journal says where the match stands');
  const journalDir = resolveJournalDir(values['journal-dir']);
  if (values.resume === undefined) checkDirectory(journalDir, 'journal directory', 'write');
  // A simulated board is calibrated on first use, and its calibration saved.
  const calibrationDir = resolveCalibrationDir(values['calibration-dir']);
  checkDirectory(calibrationDir, 'calibration directory', values.sim ? 'write' : 'read');
  const speech = values.speak ? speechPlan(settings) : undefined;

  // Resuming on the simulated board: it is set up where the match stood.
  const resumed = resume?.ok ? resumeSetup(resume.value, game) : undefined;
  // An ended match whose last verdicts were journaled but perhaps never said is resumed only to say them.
  if (resumed?.over && resume?.ok && unannouncedVerdicts(resume.value).length === 0)
    throw new UsageError(`the match in ${values.resume} is over: nothing to resume (senryaku replay shows it)`);
  const simPosition = resumed ? (resumed.over ? game.startPosition : resumed.position) : (values.position?.trim() ?? game.startPosition);
  // The board's options, profile and port, before the dashboard says anything: a bad one is the only line.
  const board = await checkBoardOptions(values, { ruleset: game, ...(deps.serialDevices ? { devices: deps.serialDevices } : {}) });
  if (!board.ok) throw boardProblem(board.error);

  // The computer's seat, in the game's words (a resumed match keeps its journal's players and settings).
  const seat = values.computer === undefined ? ok(undefined) : parseComputerSeat(values.computer, game);
  if (!seat.ok) throw new UsageError(`--computer ${seat.error}`);
  if (values.hints !== undefined && values.hints !== 'on' && values.hints !== 'off')
    throw new UsageError(`--hints takes on or off, got '${values.hints}'`);
  const engineArgv = values.engine === undefined ? undefined : splitCommandLine(values.engine);
  if (engineArgv && !engineArgv.ok) throw new UsageError(`--engine: ${engineArgv.error.message}: ${values.engine}`);
  const gamesLimit = options.value.gamesLimit !== undefined ? { gamesLimit: options.value.gamesLimit } : {};
  // A resumed match goes on with its journal's settings and players; the board is this run's.
  const firstMatch: MatchPlan = resume?.ok
    ? {
        game: { ruleset: game, settings: ownSettings(resume.value), profile: board.value.file.profile },
        players: resume.value.header.settings.players,
        resume: { path: values.resume!, contents: resume.value, sayAndFinish: resumed?.over ?? false },
        ...gamesLimit,
        ...(seat.value ? { computer: seat.value } : {}),
      }
    : withComputer({ game: game.newMatch(board.value.file, options.value), players: options.value.players, ...gamesLimit }, seat.value);
  const seed = board.value.seed;
  return {
    settings,
    values,
    game,
    board: { options: values, file: board.value.file, seed, simPosition },
    firstMatch,
    speed: speed.value,
    autoplay: values.autoplay ?? false,
    json: values.json ?? false,
    stay: values.stay ?? false,
    scoreboard: values.scoreboard ?? (values.sim ? 'virtual' : 'auto'),
    // Checked on/off by the effective settings.
    lights: {
      enabled: values.lights !== 'off',
      destinations: values.destinations === undefined ? undefined : values.destinations === 'on',
    },
    speech,
    computer: {
      ...(values.engine !== undefined ? { engine: values.engine } : {}),
      ...(values.hints !== undefined ? { hints: values.hints === 'on' } : {}),
    },
    source: values.sim ? { kind: 'sim', seed } : { kind: 'port', path: values.port ?? 'auto' },
    mqtt,
    http: http.value,
    users,
    journalDir,
    fallbackJournalDirs,
    calibrationDir,
    db: values.db,
  };
}

/**
 * --speak: espeak-ng's voice and rate from the settings; into WAV files in
 * $SENRYAKU_SPEECH_WAV_DIR instead of the sound card when it is set (a machine in CI has none).
 */
function speechPlan(settings: Settings): RefereeRun['speech'] {
  const wavDir = process.env[SPEECH_WAV_DIR_ENV] || undefined;
  if (wavDir !== undefined) checkDirectory(wavDir, `${SPEECH_WAV_DIR_ENV}`, 'write');
  const { voice, rate } = settings.speech ?? {};
  return {
    ...(voice !== undefined ? { voice } : {}),
    ...(rate !== undefined ? { rate } : {}),
    ...(wavDir !== undefined ? { wavDir } : {}),
  };
}

/** Where `--speak` writes its sentences as WAV files instead of saying them. */
const SPEECH_WAV_DIR_ENV = 'SENRYAKU_SPEECH_WAV_DIR';

/**
 * The flags given over the settings file (--config FILE, else the default one, if any): the
 * effective settings, and the flags they stand for. The file's problems, every one, are bad input.
 */
function withSettings(given: RefereeValues): { values: RefereeValues; settings: Settings; users: readonly BrokerUser[] } {
  const file = loadSettings(given.config);
  if (!file.ok) throw new UsageError(formatSettingsErrors(file.error));
  const effective = effectiveSettings(file.value, given);
  if (!effective.ok) throw new UsageError(formatSettingsErrors(effective.error));
  const { settings } = effective.value;
  // The file's values stand where no flag was given (flags win: effectiveSettings applied them).
  const fromFile = settingsAsFlags(settings) as Partial<RefereeValues>;
  const values = { ...given, ...Object.fromEntries(Object.entries(fromFile).filter(([, v]) => v !== undefined)) } as RefereeValues;
  return { values, settings, users: settings.mqtt?.users ?? [] };
}
