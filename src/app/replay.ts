/**
 * Re-refereeing a session from its raw lines: a match journal (its header has the settings,
 * profile and calibration), or a `senryaku record` recording (profile, calibration and
 * settings then come from the caller).
 */
import type { Recording } from '../hardware/link/recording.ts';
import { senryakuReferee } from '../referee/senryaku/index.ts';
import { DEFAULT_REFEREE_SETTINGS, type SenryakuRefereeSettings } from '../referee/senryaku/settings.ts';
import type { Verdict } from '../referee/verdicts.ts';
import { parseSpn } from '../rules/senryaku/spn.ts';
import { formatCalibrationProblems, parseCalibrationText, type Calibration } from '../sensing/calibration.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { JournalContents, JournalHeader } from './journal.ts';
import { RefereePipeline } from './referee-pipeline.ts';

export function refereeSettingsOf(header: JournalHeader): SenryakuRefereeSettings {
  const { firstPosition, ...settings } = header.settings;
  const first = firstPosition === undefined ? undefined : parseSpn(firstPosition);
  return { ...DEFAULT_REFEREE_SETTINGS, ...settings, profile: header.profile, ...(first?.ok ? { firstPosition: first.value } : {}) };
}

function refereeLines(settings: SenryakuRefereeSettings, calibration: Calibration, lines: Iterable<{ t: number; line: string }>): Verdict[] {
  const pipeline = new RefereePipeline({ profile: settings.profile, calibration, referee: senryakuReferee(settings) });
  const verdicts: Verdict[] = [];
  for (const { t, line } of lines) verdicts.push(...pipeline.feed(line, t).verdicts);
  return verdicts;
}

/** Every verdict the journal's raw lines produce when refereed again. */
export function replayJournal(journal: JournalContents): Result<Verdict[], string> {
  const calibration = parseCalibrationText(journal.header.calibration);
  if (!calibration.ok) return err(`the journal's calibration is invalid: ${formatCalibrationProblems(calibration.error)}`);
  const lines = journal.records.flatMap((r) => (r.kind === 'line' && r.dir === 'in' ? [{ t: r.t, line: r.line }] : []));
  return ok(refereeLines(refereeSettingsOf(journal.header), calibration.value, lines));
}

/** Every verdict a recording's received lines produce, refereed with the given settings and calibration. */
export function replayRecording(recording: Recording, settings: SenryakuRefereeSettings, calibration: Calibration): Verdict[] {
  const lines = recording.records.flatMap((r) => (r.d === 'in' ? [{ t: r.t, line: r.line }] : []));
  return refereeLines(settings, calibration, lines);
}
