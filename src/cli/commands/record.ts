/**
 * `senryaku record --port PATH | --sim --out FILE [--duration S]`: every raw line from
 * the board (bad ones too) and every command sent, with the host receive time, in the
 * format of firmware-protocol/RECORDING.md. Ends after --duration or on Ctrl-C.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { boardOptionSpecs, openBoard, parseDurationSeconds, waitForEnd } from '../../app/open-board.ts';
import { BOARD_BAUD, LinkRecorder } from '../../hardware/link/index.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';

export const RECORD_USAGE = 'senryaku record --port PATH|auto | --sim [--seed N] --out FILE [--duration S] [--profile FILE]';
const RATE_HZ = 80;
/** Written out in batches: a sync write per frame line would be 80 syscalls a second for nothing. */
const FLUSH_EVERY = 64;

export async function recordCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    ...boardOptionSpecs,
    out: { type: 'string' },
    duration: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'; usage: ${RECORD_USAGE}`);
  if (values.out === undefined || values.out === '') throw new UsageError(`--out FILE is required; usage: ${RECORD_USAGE}`);
  const duration = parseDurationSeconds(values.duration);
  if (!duration.ok) throw new UsageError(duration.error);
  const opened = await openBoard(values, { link: { rateHz: RATE_HZ } });
  if (!opened.ok) throw new UsageError(opened.error);
  const board = opened.value;

  let fd: number;
  try {
    fd = openSync(values.out, 'w');
  } catch (e) {
    await board.close();
    io.err(`senryaku record: cannot write ${values.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    return EXIT_FAILURE;
  }
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    writeSync(fd, `${pending.join('\n')}\n`);
    pending = [];
  };
  const recorder = new LinkRecorder({
    header: { source: board.description, profile: board.profile.name, baud: BOARD_BAUD, rateHz: RATE_HZ },
    write: (line) => {
      pending.push(line);
      if (pending.length >= FLUSH_EVERY) flush();
    },
  });

  const link = board.link;
  const offState = link.on('state', (s) => {
    if (s.state === 'ready') io.err(`connected: board ${s.hello.boardId.toString(16).toUpperCase().padStart(8, '0')}, ${s.hello.wellCells}+${s.hello.pivotCells} cells`);
    else if (s.state === 'failed') io.err(`link failed: ${s.message}`);
    else if (s.state !== 'stopped' && s.state !== 'connecting') io.err(`link ${s.state}${s.reason ? `: ${s.reason}` : ''}`);
  });
  io.err(`recording ${board.description} to ${values.out}${duration.value ? ` for ${duration.value / 1000} s` : ' (Ctrl-C ends)'}`);
  recorder.start(link);
  link.start();
  const reason = await waitForEnd(link, duration.value);
  offState();
  const c = link.counters();
  await board.close(); // before the recorder stops, so the recording ends with the `stopped` state
  recorder.stop();
  flush();
  closeSync(fd);
  io.out(
    `recorded ${recorder.records} records to ${values.out}: ${c.linesIn} lines in, ${c.linesOut} out, ${c.frames} frames, ` +
      `${c.crcErrors} CRC errors, ${c.linesLost} lines lost, ${c.reconnects} reconnects`,
  );
  return reason === 'failed' ? EXIT_FAILURE : EXIT_OK;
}
