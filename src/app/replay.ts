/** Re-refereeing a journal: the header's settings, profile and calibration, its raw lines in order. */
import { senryakuReferee } from '../referee/senryaku/index.ts';
import { DEFAULT_REFEREE_SETTINGS, type SenryakuRefereeSettings } from '../referee/senryaku/settings.ts';
import { parseSpn } from '../rules/senryaku/spn.ts';
import type { Verdict } from '../referee/verdicts.ts';
import { formatCalibrationProblems, parseCalibrationText } from '../sensing/calibration.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { JournalContents, JournalHeader } from './journal.ts';
import { RefereePipeline } from './referee-pipeline.ts';

export function refereeSettingsOf(header: JournalHeader): SenryakuRefereeSettings {
  const { firstPosition, ...settings } = header.settings;
  const first = firstPosition === undefined ? undefined : parseSpn(firstPosition);
  return { ...DEFAULT_REFEREE_SETTINGS, ...settings, profile: header.profile, ...(first?.ok ? { firstPosition: first.value } : {}) };
}

export function pipelineFor(header: JournalHeader) {
  const calibration = parseCalibrationText(header.calibration);
  if (!calibration.ok) return err(`the journal's calibration is invalid: ${formatCalibrationProblems(calibration.error)}`);
  const referee = senryakuReferee(refereeSettingsOf(header));
  return ok(new RefereePipeline({ profile: header.profile, calibration: calibration.value, referee }));
}

/** Every verdict the journal's raw lines produce when refereed again. */
export function replayJournal(journal: JournalContents): Result<Verdict[], string> {
  const pipeline = pipelineFor(journal.header);
  if (!pipeline.ok) return pipeline;
  const verdicts: Verdict[] = [];
  for (const r of journal.records) if (r.kind === 'line' && r.dir === 'in') verdicts.push(...pipeline.value.feed(r.line, r.t).verdicts);
  return ok(verdicts);
}
