/** node:util parseArgs, with its errors turned into usage errors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io.ts';

export function parseCommandArgs<T extends ParseArgsConfig['options']>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message.split('. To specify')[0]!.split('\n')[0]);
  }
}
