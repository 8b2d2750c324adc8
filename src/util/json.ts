/** A parsed JSON value that is an object (not null, not an array): the first check of every file and record reader. */
export const isJsonObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON object as read, its fields still to be checked. */
export type JsonObject = Record<string, unknown>;
