/**
 * `senryaku referee`: referees a live board (or the simulated one) until interrupted, the
 * match ends, or --games N games have been played. Parse → build the root → start → wait for
 * the end or a signal → stop. Each step loads only what it needs, so a bad flag is said before
 * the settings, the game or the host are loaded; every option and directory is checked before
 * anything starts, and once something has started, whatever happens, it is stopped again.
 */
import { ServiceStartError } from '../../app/service.ts';
import { CliFailure, EXIT_FAILURE, EXIT_OK, UsageError, type CliDeps, type CliIo } from '../io.ts';
import { parseRefereeArgs } from '../referee/options.ts';

export async function refereeCommand(args: string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const parsed = parseRefereeArgs(args);
  const { checkRefereeRun } = await import('../referee/checks.ts');
  const run = await checkRefereeRun(parsed, deps);
  const { RefereeRoot } = await import('../referee/root.ts');
  const { JournalOpenError } = await import('../../app/match-journal.ts');
  const root = RefereeRoot.build(run, io, deps);
  try {
    await root.start();
  } catch (e) {
    // A service that could not start said why in one sentence: the command's one line.
    if (e instanceof ServiceStartError) throw e.badInput ? new UsageError(e.message) : new CliFailure(e.message);
    if (e instanceof JournalOpenError) throw new CliFailure(e.message);
    throw e;
  }
  const why = await root.finished();
  const { lastJournal, lostRecords } = await root.stop();
  if (!run.json) io.out(`Stopped (${why}).${lastJournal ? ` The match is in ${lastJournal}` : ''}`);
  if (lostRecords > 0) {
    io.err(`senryaku referee: ${lostRecords} journal records could not be written and are lost (see the storage faults above)`);
    return EXIT_FAILURE;
  }
  return EXIT_OK;
}
