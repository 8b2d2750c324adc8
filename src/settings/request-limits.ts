/**
 * How large an operator's request may be, whichever front brings it (MQTT, the dashboard):
 * every field has a bound, checked before the request is carried out, so that nothing a
 * request names (a player's name, a side) can grow a match's record, its retained MQTT
 * topics or a journal notice beyond it. A refusal has a code and names the field and the
 * bound. The whole payload's bound (bytes) is the front's: MAX_REQUEST_BYTES on both.
 */
import { MAX_REQUEST_BYTES } from '../telemetry/topics.ts';
import { err, ok, type Result } from '../util/result.ts';

export { MAX_REQUEST_BYTES };
import { MAX_NAME_CHARS } from '../rulesets/match-options.ts';

export { MAX_NAME_CHARS };
/** Any other text field of a request (a policy, a side, a transaction id...), characters. */
export const MAX_FIELD_CHARS = 128;
/** Fields of an object (the body, `players`), and how deep objects nest. */
export const MAX_FIELDS = 16;
export const MAX_DEPTH = 2;

/** Fields with their own bound; the rest have MAX_FIELD_CHARS. */
const FIELD_CHARS: Readonly<Record<string, number>> = {
  'players.A': MAX_NAME_CHARS,
  'players.B': MAX_NAME_CHARS,
  // The dashboard's login.
  name: MAX_NAME_CHARS,
  password: 1024,
};

export const REFUSAL_CODES = ['TooLarge', 'TooLong', 'TooMany', 'TooDeep'] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export interface SizeRefusal {
  readonly code: RefusalCode;
  /** The field at fault (`players.A`), or `request` for the whole payload. */
  readonly field: string;
  /** The bound, in the unit the message says (characters, bytes, fields, levels). */
  readonly max: number;
  readonly message: string;
}

/** The bound of a text field (`players.A`...), characters. */
export const fieldChars = (field: string): number => FIELD_CHARS[field] ?? MAX_FIELD_CHARS;

/** The whole payload against MAX_REQUEST_BYTES. */
export function checkRequestBytes(request: string, bytes: number): Result<true, SizeRefusal> {
  if (bytes <= MAX_REQUEST_BYTES) return ok(true);
  return err({
    code: 'TooLarge',
    field: 'request',
    max: MAX_REQUEST_BYTES,
    message: `${request}: the request is ${bytes} bytes, at most ${MAX_REQUEST_BYTES} (TooLarge)`,
  });
}

/** Every field of a request's JSON body within its bound: the first one beyond it, named. */
export function checkRequestFields(request: string, body: unknown): Result<true, SizeRefusal> {
  const refusal = walk(request, body, '', 0);
  return refusal ? err(refusal) : ok(true);
}

function walk(request: string, value: unknown, path: string, depth: number): SizeRefusal | undefined {
  const name = path === '' ? 'request' : path;
  if (typeof value === 'string') {
    const max = fieldChars(path);
    // Counted in UTF-16 units: a name the page shows is no longer than this.
    if (value.length <= max) return undefined;
    return { code: 'TooLong', field: name, max, message: `${request}: ${name} is ${value.length} characters, at most ${max} (TooLong)` };
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= MAX_DEPTH)
    return {
      code: 'TooDeep',
      field: name,
      max: MAX_DEPTH,
      message: `${request}: ${name} nests objects deeper than ${MAX_DEPTH} levels (TooDeep)`,
    };
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  if (entries.length > MAX_FIELDS)
    return {
      code: 'TooMany',
      field: name,
      max: MAX_FIELDS,
      message: `${request}: ${name} has ${entries.length} fields, at most ${MAX_FIELDS} (TooMany)`,
    };
  for (const [key, v] of entries) {
    if (key.length > MAX_FIELD_CHARS)
      return {
        code: 'TooLong',
        field: `${name} field name`,
        max: MAX_FIELD_CHARS,
        message: `${request}: a field name of ${name} is ${key.length} characters, at most ${MAX_FIELD_CHARS} (TooLong)`,
      };
    const found = walk(request, v, path === '' ? key : `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}
