/** `senryaku replay JOURNAL [--json]`: re-referees a recorded session from its raw lines. */
import { readJournal } from '../../app/journal.ts';
import { replayJournal } from '../../app/replay.ts';
import { verdictText } from '../../app/verdict-text.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';

export const REPLAY_USAGE = 'senryaku replay JOURNAL [--json]';

export function replayCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean' } });
  if (positionals.length !== 1) throw new UsageError(`replay takes one journal file; usage: ${REPLAY_USAGE}`);
  const journal = readJournal(positionals[0]!);
  if (!journal.ok) throw new UsageError(journal.error.message);
  if (journal.value.tornTail) io.err('note: the journal ends with a record cut short (the host stopped while writing); it is left out');
  const verdicts = replayJournal(journal.value);
  if (!verdicts.ok) {
    io.err(`senryaku replay: ${verdicts.error}`);
    return EXIT_FAILURE;
  }
  for (const v of verdicts.value) if (values.json) io.out(JSON.stringify(v));
  else if (v.type !== 'lifted' && v.type !== 'capture-started') io.out(verdictText(v));
  return EXIT_OK;
}
