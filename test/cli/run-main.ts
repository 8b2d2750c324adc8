/** The `senryaku` command in process, as the tests run it: its exit code and every line it printed. */
import { main } from '../../src/cli/main.ts';
import type { CliDeps } from '../../src/cli/io.ts';

export async function runMain(argv: readonly string[], deps?: CliDeps): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main([...argv], { out: (l) => out.push(l), err: (l) => err.push(l) }, deps);
  return { code, out, err };
}
