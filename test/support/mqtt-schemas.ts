/**
 * The JSON Schemas of the MQTT payloads (schemas/mqtt/*.schema.json), compiled with ajv:
 * what the tests check every published message against. Payloads are given as the
 * text on the wire.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

export const PAYLOAD_KINDS = ['state', 'verdict', 'availability', 'match', 'bridge-state', 'bridge-request', 'bridge-response'] as const;
export type PayloadKind = (typeof PAYLOAD_KINDS)[number];

const SCHEMA_DIR = new URL('../../schemas/mqtt/', import.meta.url);

let compiled: ReadonlyMap<PayloadKind, ValidateFunction> | undefined;

function validators(): ReadonlyMap<PayloadKind, ValidateFunction> {
  if (compiled) return compiled;
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  const schemas = PAYLOAD_KINDS.map(
    (kind) => [kind, JSON.parse(readFileSync(new URL(`${kind}.schema.json`, SCHEMA_DIR), 'utf8')) as object] as const,
  );
  for (const [, schema] of schemas) ajv.addSchema(schema);
  compiled = new Map(schemas.map(([kind, schema]) => [kind, ajv.getSchema((schema as { $id: string }).$id)!]));
  return compiled;
}

/** Which payload a topic under `base` carries, or undefined for a topic that is not ours. */
export function payloadKindOf(topic: string, base: string): PayloadKind | undefined {
  if (!topic.startsWith(`${base}/`)) return undefined;
  const rest = topic.slice(base.length + 1).split('/');
  if (rest[0] === 'bridge') {
    if (rest.length === 2 && rest[1] === 'state') return 'bridge-state';
    if (rest.length === 3 && rest[1] === 'request') return 'bridge-request';
    if (rest.length === 3 && rest[1] === 'response') return 'bridge-response';
    return undefined;
  }
  if (rest.length !== 2) return undefined;
  const kinds: Readonly<Record<string, PayloadKind>> = { state: 'state', verdict: 'verdict', availability: 'availability', match: 'match' };
  return kinds[rest[1]!];
}

/** The problems of a payload (the text on the wire) against its topic's schema; empty when it is valid. */
export function payloadProblems(kind: PayloadKind, text: string): string[] {
  let value: unknown = text;
  if (kind !== 'availability') {
    try {
      value = JSON.parse(text);
    } catch {
      return ['not JSON'];
    }
  }
  const validate = validators().get(kind)!;
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
}
