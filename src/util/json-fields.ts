/**
 * Readers for the fields of a JSON document that is checked as a whole (a profile file): a
 * bad field adds a problem (code, path, message) and gives a harmless stand-in, so one pass
 * reports every problem of the file, not just the first.
 */
import type { JsonObject } from './json.ts';

export type FieldProblemCode = 'Missing' | 'NotString' | 'NotPositiveNumber' | 'NotNonNegativeNumber';
export type ReportProblem = (code: FieldProblemCode, path: string, message: string) => void;

export interface FieldReader {
  /** A string; `fallback` when absent (without one, absent is a problem). */
  readonly str: (obj: JsonObject, key: string, path: string, fallback?: string) => string;
  /** A finite number > 0 (stand-in 1). */
  readonly positive: (obj: JsonObject, key: string, path: string) => number;
  /** A finite number >= 0 (stand-in 0). */
  readonly nonNegative: (obj: JsonObject, key: string, path: string) => number;
}

export function fieldReader(problem: ReportProblem): FieldReader {
  return {
    str: (obj, key, path, fallback) => {
      const v = obj[key];
      if (v === undefined && fallback !== undefined) return fallback;
      if (typeof v !== 'string') {
        problem(v === undefined ? 'Missing' : 'NotString', path, `${path} must be a string`);
        return '';
      }
      return v;
    },
    positive: (obj, key, path) => {
      const v = obj[key];
      if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) {
        problem(v === undefined ? 'Missing' : 'NotPositiveNumber', path, `${path} must be a number > 0`);
        return 1;
      }
      return v;
    },
    nonNegative: (obj, key, path) => {
      const v = obj[key];
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
        problem(v === undefined ? 'Missing' : 'NotNonNegativeNumber', path, `${path} must be a number >= 0`);
        return 0;
      }
      return v;
    },
  };
}
