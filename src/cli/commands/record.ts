/**
 * `senryaku record --port PATH | --sim [--rules ID] --out FILE [--duration S]`: every raw line from
 * the board (bad ones too) and every command sent, with the host receive time, in the
 * format of firmware-protocol/RECORDING.md. Ends after --duration or on Ctrl-C. An
 * existing FILE is refused unless --force, before the board is opened.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { boardOptionSpecs, parseDurationSeconds } from '../../app/board-options.ts';
import type { OpenedBoard } from '../../app/open-board.ts';
import { openBoardFor } from '../board.ts';
import { checkNewFile } from '../file-checks.ts';
import { CliFailure, EXIT_FAILURE, EXIT_OK, UsageError, type CliDeps, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { readRuleset, rulesOptionSpecs } from '../rules-option.ts';
import { BUILT_IN_RULESETS } from '../../games/registry.ts';
import { usageOf } from '../usage.ts';
import { dirname } from 'node:path';
import { makeDirectories } from '../../platform/make-directories.ts';

const RECORD_USAGE = usageOf('record', BUILT_IN_RULESETS);
const RATE_HZ = 80;
/** Written out in batches: a sync write per frame line would be 80 syscalls a second for nothing. */
const FLUSH_EVERY = 64;

export async function recordCommand(args: string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    ...boardOptionSpecs,
    ...rulesOptionSpecs,
    out: { type: 'string' },
    force: { type: 'boolean' },
    duration: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'; usage: ${RECORD_USAGE}`);
  const ruleset = readRuleset(values.rules);
  if (values.out === undefined || values.out === '') throw new UsageError(`--out FILE is required; usage: ${RECORD_USAGE}`);
  const duration = parseDurationSeconds(values.duration);
  if (!duration.ok) throw new UsageError(duration.error);
  const out = values.out;
  checkNewFile(out, '--out', values.force ?? false);
  // A folder that does not exist yet is made, as the journal's is (checked above: its parent can be written).
  try {
    makeDirectories(dirname(out));
  } catch (e) {
    throw new UsageError(`--out ${out}: cannot create its directory (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const board = await openBoardFor(values, deps, { ruleset, link: { rateHz: RATE_HZ } });
  try {
    return await record(board, ruleset.id, out, duration.value, io);
  } finally {
    await board.close();
  }
}

async function record(board: OpenedBoard, rules: string, out: string, durationMs: number | undefined, io: CliIo): Promise<number> {
  const [{ BOARD_BAUD, LinkRecorder }, { waitForEnd }] = await Promise.all([
    import('../../hardware/link/index.ts'),
    import('../../app/open-board.ts'),
  ]);
  let fd: number;
  try {
    // Checked above; this fails only if the file system changed since.
    fd = openSync(out, 'w');
  } catch (e) {
    throw new CliFailure(`cannot write ${out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    writeSync(fd, `${pending.join('\n')}\n`);
    pending = [];
  };
  const recorder = new LinkRecorder({
    header: { source: board.description, profile: board.file.name, rules, baud: BOARD_BAUD, rateHz: RATE_HZ },
    write: (line) => {
      pending.push(line);
      if (pending.length >= FLUSH_EVERY) flush();
    },
  });

  const link = board.link;
  const offState = link.on('state', (s) => {
    if (s.state === 'ready')
      io.err(
        `connected: board ${s.hello.boardId.toString(16).toUpperCase().padStart(8, '0')}, ${s.hello.wellCells}+${s.hello.pivotCells} cells`,
      );
    else if (s.state === 'failed') io.err(`link failed: ${s.message}`);
    else if (s.state !== 'stopped' && s.state !== 'connecting') io.err(`link ${s.state}${s.reason ? `: ${s.reason}` : ''}`);
  });
  try {
    io.err(`recording ${board.description} to ${out}${durationMs ? ` for ${durationMs / 1000} s` : ' (Ctrl-C ends)'}`);
    recorder.start(link);
    link.start();
    const reason = await waitForEnd(link, durationMs);
    offState();
    const c = link.counters();
    await board.close(); // before the recorder stops, so the recording ends with the `stopped` state
    recorder.stop();
    flush();
    io.out(
      `recorded ${recorder.records} records to ${out}: ${c.linesIn} lines in, ${c.linesOut} out, ${c.frames} frames, ` +
        `${c.crcErrors} CRC errors, ${c.linesLost} lines lost, ${c.reconnects} reconnects`,
    );
    return reason === 'failed' ? EXIT_FAILURE : EXIT_OK;
  } finally {
    offState();
    recorder.stop();
    closeSync(fd);
  }
}
