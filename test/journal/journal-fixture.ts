/** A valid journal header for tests that build journals by hand. */
import { JOURNAL_VERSION, type JournalHeader } from '../../src/journal/journal.ts';
import { DEFAULT_PROFILE } from '../../src/games/senryaku/rules/profile.ts';
import { hardwareOf } from '../../src/games/senryaku/board.ts';
import { formatCalibration, nominalCalibration } from '../../src/sensing/calibration.ts';

export const header: JournalHeader = {
  kind: 'header',
  format: 'senryaku-journal',
  version: JOURNAL_VERSION,
  matchId: 'test',
  startedAt: '2026-11-30T00:00:00.000Z',
  ruleset: 'senryaku',
  settings: {
    policy: 'casual',
    match: { trackLength: 6, colours: 'alternate' },
    players: { A: 'A', B: 'B' },
    placementGraceMs: 1500,
    holdingGraceMs: 2000,
    disagreementWindowMs: 750,
  },
  profile: DEFAULT_PROFILE,
  calibration: formatCalibration(nominalCalibration(hardwareOf(DEFAULT_PROFILE))),
  source: { kind: 'sim', seed: 1 },
};
