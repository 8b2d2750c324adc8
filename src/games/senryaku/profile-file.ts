/**
 * A board profile file (format `senryaku-board-profile`, hardware/profiles/*.json) read
 * into its two parts: the board's hardware (src/board: grid, cell map, pivots, tilt
 * switches, load cells, LEDs) and Senryaku's physics (src/rules: masses, pinnacle gap).
 * Each part's parser checks its own keys; every problem of both is reported at once. The
 * referee keeps them as one flat `SenryakuBoardProfile` (src/games/senryaku/board.ts).
 */
import { parseHardwareProfile, type HardwareProblem } from '../../board/parse-profile.ts';
import type { HardwareProfile } from '../../board/profile.ts';
import { parseProfile, type ProfileProblem } from './rules/profile.ts';
import { isJsonObject } from '../../util/json.ts';
import { err, ok, type Result } from '../../util/result.ts';
import { SENRYAKU_GRID, SENRYAKU_TILT, type SenryakuBoardProfile } from './board.ts';

export interface LoadedProfile {
  readonly profile: SenryakuBoardProfile;
  readonly hardware: HardwareProfile;
}

export type ProfileFileProblem = ProfileProblem | HardwareProblem;

export function parseProfileFileText(text: string): Result<LoadedProfile, ProfileFileProblem[]> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err([{ code: 'NotJson', path: '', message: `not valid JSON: ${(e as Error).message.replace(/\s+/g, ' ')}` }]);
  }
  return parseProfileFile(json);
}

export function parseProfileFile(json: unknown): Result<LoadedProfile, ProfileFileProblem[]> {
  const physics = parseProfile(json);
  // A Senryaku board unless the file says otherwise: 7×6 wells, both tilt switches.
  const hardware = parseHardwareProfile(json, { grid: SENRYAKU_GRID, tilt: SENRYAKU_TILT });
  if (!physics.ok || !hardware.ok) {
    // Both parsers read name and geometry: a problem there is reported once.
    const problems = [...(physics.ok ? [] : physics.error), ...(hardware.ok ? [] : hardware.error)];
    const seen = new Set<string>();
    return err(problems.filter((p) => !seen.has(`${p.code}@${p.path}`) && seen.add(`${p.code}@${p.path}`)));
  }
  const hw = hardware.value;
  const mapped = isJsonObject(json) && json.cells !== undefined;
  return ok({
    profile: {
      ...physics.value,
      ...(mapped ? { cells: { wells: hw.cells.points, pivots: hw.cells.pivots } } : {}),
      ...(hw.loadCells ? { loadCells: hw.loadCells } : {}),
    },
    hardware: hw,
  });
}

export const formatProfileProblems = (problems: readonly ProfileFileProblem[]): string =>
  problems.map((p) => `${p.path || '(profile)'}: ${p.message} [${p.code}]`).join('; ');
