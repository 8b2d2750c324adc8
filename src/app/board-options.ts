/**
 * The options that name a board (`--port PATH|auto`, `--sim`, `--seed`, `--profile`), apart
 * from the code that opens one: a command reads and checks its arguments with these before it
 * loads the serial stack or the simulator.
 */

/** node:util parseArgs specs shared by every board command. */
export const boardOptionSpecs = {
  port: { type: 'string' },
  sim: { type: 'boolean' },
  seed: { type: 'string' },
  profile: { type: 'string' },
} as const;

export interface BoardOptionValues {
  readonly port?: string | undefined;
  readonly sim?: boolean | undefined;
  readonly seed?: string | undefined;
  readonly profile?: string | undefined;
}
