/**
 * Board profiles as the Senryaku rules see them: the physics of one board that the balance
 * model needs (sphere and board masses, pitch, pinnacle gap). Which load cell is under which
 * well is the board's hardware (src/board), read from the same file by its own parser.
 * Pure: the caller reads the file and hands the text or parsed JSON in.
 */
import { err, ok, type Result } from '../../../util/result.ts';
import { PIECE_CHARS, type ByPiece } from './types.ts';
import { isJsonObject } from '../../../util/json.ts';
import { fieldReader } from '../../../util/json-fields.ts';

export const PROFILE_FORMAT = 'senryaku-board-profile';
export const PROFILE_VERSION = 1;

export interface BoardProfile {
  readonly name: string;
  readonly description: string;
  /** Board mass M, at the centre line (y = 0). */
  readonly boardMass: number;
  /** Mass of each kind of sphere, in the same unit as boardMass. */
  readonly sphereMass: ByPiece<number>;
  /** d: half the gap between the pinnacle lines, in well pitches. */
  readonly halfGap: number;
  readonly wellPitch: number;
  readonly lengthUnit: string;
  readonly massUnit: string;
}

/** A sphere of the reference board, grams: what one unit of an abstract profile ("sphere" units) weighs. */
export const REFERENCE_SPHERE_G = 60;

/** Grams per mass unit of a profile in real units (g 1, kg 1000); undefined for abstract units, which have no grams. */
export const realGramsPerMassUnit = (profile: Pick<BoardProfile, 'massUnit'>): number | undefined =>
  profile.massUnit === 'g' ? 1 : profile.massUnit === 'kg' ? 1000 : undefined;

/** Grams per mass unit, an abstract unit taken as the reference board's sphere. */
export const gramsPerMassUnit = (profile: Pick<BoardProfile, 'massUnit'>): number => realGramsPerMassUnit(profile) ?? REFERENCE_SPHERE_G;

/** The lightest sphere of the profile, grams (the reference mass everyone has at hand). */
export const lightestSphereGrams = (profile: BoardProfile): number =>
  Math.min(...Object.values(profile.sphereMass)) * gramsPerMassUnit(profile);

/** RULES.md's default: every sphere mass 1, M = 12, d = 0.25. */
export const DEFAULT_PROFILE: BoardProfile = Object.freeze({
  name: 'default',
  description: 'The default balance model of the rulings: spheres 1, board 12, d = 0.25 pitch.',
  boardMass: 12,
  sphereMass: Object.freeze({ w: 1, W: 1, b: 1, B: 1 }),
  halfGap: 0.25,
  wellPitch: 1,
  lengthUnit: 'pitch',
  massUnit: 'sphere',
});

export const PROFILE_PROBLEM_CODES = [
  'NotJson',
  'NotObject',
  'WrongFormat',
  'UnsupportedVersion',
  'Missing',
  'NotString',
  'NotPositiveNumber',
  'NotNonNegativeNumber',
  'GapTooWide',
] as const;
export type ProfileProblemCode = (typeof PROFILE_PROBLEM_CODES)[number];

export interface ProfileProblem {
  readonly code: ProfileProblemCode;
  /** JSON path of the offending value, e.g. `masses.spheres.W`. */
  readonly path: string;
  readonly message: string;
}

type Json = Record<string, unknown>;

/** Parses profile text (JSON). All problems are reported together, as settings validators do. */
export function parseProfileText(text: string): Result<BoardProfile, ProfileProblem[]> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err([{ code: 'NotJson', path: '', message: `not valid JSON: ${(e as Error).message.replace(/\s+/g, ' ')}` }]);
  }
  return parseProfile(json);
}

export function parseProfile(json: unknown): Result<BoardProfile, ProfileProblem[]> {
  const problems: ProfileProblem[] = [];
  const problem = (code: ProfileProblemCode, path: string, message: string): void => {
    problems.push({ code, path, message });
  };
  if (!isJsonObject(json)) return err([{ code: 'NotObject', path: '', message: 'a profile is a JSON object' }]);

  if (json.format !== PROFILE_FORMAT) problem('WrongFormat', 'format', `format must be "${PROFILE_FORMAT}"`);
  if (json.version !== PROFILE_VERSION)
    problem('UnsupportedVersion', 'version', `version must be ${PROFILE_VERSION}, got ${JSON.stringify(json.version)}`);

  const { str, positive, nonNegative } = fieldReader(problem);
  const section = (key: string): Json => {
    const v = json[key];
    if (!isJsonObject(v)) {
      problem(v === undefined ? 'Missing' : 'NotObject', key, `${key} must be an object`);
      return {};
    }
    return v;
  };

  const name = str(json, 'name', 'name');
  const description = str(json, 'description', 'description', '');
  const geometry = section('geometry');
  const wellPitch = positive(geometry, 'wellPitch', 'geometry.wellPitch');
  const pinnacleGap = nonNegative(geometry, 'pinnacleGap', 'geometry.pinnacleGap');
  const lengthUnit = str(geometry, 'unit', 'geometry.unit', 'mm');
  const masses = section('masses');
  const massUnit = str(masses, 'unit', 'masses.unit', 'g');
  const boardMass = positive(masses, 'board', 'masses.board');
  const spheresJson = isJsonObject(masses.spheres) ? masses.spheres : undefined;
  if (!spheresJson)
    problem(masses.spheres === undefined ? 'Missing' : 'NotObject', 'masses.spheres', 'masses.spheres must be an object with w, W, b, B');
  const sphereMass = Object.fromEntries(
    PIECE_CHARS.map((p) => [p, spheresJson ? positive(spheresJson, p, `masses.spheres.${p}`) : 1]),
  ) as unknown as ByPiece<number>;

  const halfGap = pinnacleGap / 2 / wellPitch;
  // Beyond 2.5 pitches every arrangement is stable and the model says nothing useful.
  if (halfGap > 2.5) problem('GapTooWide', 'geometry.pinnacleGap', 'the pinnacle gap is wider than the board (d > 2.5 pitches)');

  if (problems.length > 0) return err(problems);
  return ok({
    name,
    description,
    boardMass,
    sphereMass,
    halfGap,
    wellPitch,
    lengthUnit,
    massUnit,
  });
}

export const formatProfileProblems = (problems: readonly ProfileProblem[]): string =>
  problems.map((p) => `${p.path || '(profile)'}: ${p.message} [${p.code}]`).join('; ');
