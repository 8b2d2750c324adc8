/**
 * Recordings of a board link (firmware-protocol/RECORDING.md): JSON lines, a header and
 * then one record per raw line in either direction, plus the link's state changes, with
 * the host's receive time. Complete enough to replay a session through the parser and
 * the referee: every byte the board sent (bad lines too) and every command the host sent.
 */
import { err, ok, type Result } from '../../util/result.ts';
import type { BoardLink, LinkStateChange, RawLine } from './board-link.ts';
import { isJsonObject } from '../../util/json.ts';

export const RECORDING_FORMAT = 'senryaku-recording';
export const RECORDING_VERSION = 1;

export interface RecordingHeader {
  readonly format: typeof RECORDING_FORMAT;
  readonly version: typeof RECORDING_VERSION;
  /** Wall-clock start, ISO 8601 UTC: record times count from here. */
  readonly startedAt: string;
  /** Where the board was: "port /dev/ttyACM0", "simulated board (seed 1)". */
  readonly source: string;
  /** Board profile name (which cell is which well). */
  readonly profile: string;
  /** The game the session was for (a ruleset id); absent in recordings made before it was kept. */
  readonly rules?: string;
  /** The HELLO line (raw, with CRC) of the first handshake; null if none came. */
  readonly hello: string | null;
  readonly baud: number;
  /** Frame rate the host configured. */
  readonly rateHz: number;
}

export type RecordingRecord =
  | { readonly t: number; readonly d: 'in' | 'out'; readonly line: string }
  | { readonly t: number; readonly d: 'oversize'; readonly bytes: number }
  | { readonly t: number; readonly d: 'state'; readonly state: string; readonly reason?: string };

/** Milliseconds rounded to 0.01: enough for 80 frames/s, and stable text. */
const roundMs = (ms: number): number => Math.round(ms * 100) / 100;

export const formatRecordingHeader = (h: RecordingHeader): string => JSON.stringify(h);

/** One record as one line. Lines are latin1 text (one char per byte), so JSON keeps every byte. */
export const formatRecord = (r: RecordingRecord): string => JSON.stringify({ ...r, t: roundMs(r.t) });

export interface Recording {
  readonly header: RecordingHeader;
  readonly records: readonly RecordingRecord[];
}

export interface RecordingProblem {
  readonly line: number;
  readonly message: string;
}

/** Reads a whole recording; the first problem is reported with its line number (1-based). */
export function parseRecording(text: string): Result<Recording, RecordingProblem> {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const parseLine = (i: number): Result<Record<string, unknown>, RecordingProblem> => {
    try {
      const v: unknown = JSON.parse(lines[i] ?? '');
      return isJsonObject(v) ? ok(v) : err({ line: i + 1, message: 'not a JSON object' });
    } catch (e) {
      return err({ line: i + 1, message: `not JSON: ${(e as Error).message}` });
    }
  };
  if (lines.length === 0) return err({ line: 1, message: 'empty file' });
  const head = parseLine(0);
  if (!head.ok) return head;
  const h = head.value;
  if (h.format !== RECORDING_FORMAT) return err({ line: 1, message: `format must be "${RECORDING_FORMAT}"` });
  if (h.version !== RECORDING_VERSION)
    return err({ line: 1, message: `version ${JSON.stringify(h.version)} not supported (only ${RECORDING_VERSION})` });
  for (const key of ['startedAt', 'source', 'profile'] as const) {
    if (typeof h[key] !== 'string') return err({ line: 1, message: `header.${key} must be a string` });
  }
  if (h.hello !== null && typeof h.hello !== 'string') return err({ line: 1, message: 'header.hello must be a string or null' });
  if (h.rules !== undefined && typeof h.rules !== 'string') return err({ line: 1, message: 'header.rules must be a string' });
  if (typeof h.baud !== 'number' || typeof h.rateHz !== 'number')
    return err({ line: 1, message: 'header.baud and header.rateHz must be numbers' });
  const records: RecordingRecord[] = [];
  for (let i = 1; i < lines.length; i++) {
    const r = parseLine(i);
    if (!r.ok) return r;
    const v = r.value;
    if (typeof v.t !== 'number' || !Number.isFinite(v.t)) return err({ line: i + 1, message: 't must be a number' });
    if ((v.d === 'in' || v.d === 'out') && typeof v.line === 'string') records.push({ t: v.t, d: v.d, line: v.line });
    else if (v.d === 'oversize' && typeof v.bytes === 'number') records.push({ t: v.t, d: 'oversize', bytes: v.bytes });
    else if (v.d === 'state' && typeof v.state === 'string') {
      records.push({ t: v.t, d: 'state', state: v.state, ...(typeof v.reason === 'string' ? { reason: v.reason } : {}) });
    } else return err({ line: i + 1, message: `unknown record ${JSON.stringify(v.d)} or missing fields` });
  }
  return ok({ header: h as unknown as RecordingHeader, records });
}

export interface LinkRecorderOptions {
  /** Everything but startedAt and hello, which the recorder fills in. */
  readonly header: Omit<RecordingHeader, 'format' | 'version' | 'startedAt' | 'hello'>;
  /** Receives the recording, one text line at a time (without "\n"). */
  readonly write: (line: string) => void;
  /** Host clock of the link's `atMs` (performance.now by default) and wall clock for startedAt. */
  readonly now?: () => number;
  readonly wallClock?: () => Date;
}

/**
 * Subscribes to a link and writes its traffic. The header needs the board's HELLO, which
 * only the handshake brings: records are held in memory until the first HELLO line has
 * arrived (a few lines) or until flushHeader() is called.
 */
export class LinkRecorder {
  readonly #options: LinkRecorderOptions;
  #unsubscribe: (() => void)[] = [];
  #startedAtHost = 0;
  #startedAt = new Date(0);
  #held: RecordingRecord[] | undefined = [];
  #hello: string | null = null;
  records = 0;

  constructor(options: LinkRecorderOptions) {
    this.#options = options;
  }

  /** Subscribe; call before link.start() so that the handshake is recorded too. */
  start(link: BoardLink): void {
    this.#startedAtHost = (this.#options.now ?? (() => performance.now()))();
    this.#startedAt = (this.#options.wallClock ?? (() => new Date()))();
    this.#unsubscribe = [link.on('line', (l) => this.#onLine(l)), link.on('state', (s) => this.#onState(s))];
  }

  stop(): void {
    for (const off of this.#unsubscribe) off();
    this.#unsubscribe = [];
    this.flushHeader();
  }

  /** Writes the header (with whatever HELLO was seen) and the held records. */
  flushHeader(): void {
    const held = this.#held;
    if (!held) return;
    this.#held = undefined;
    this.#options.write(
      formatRecordingHeader({
        format: RECORDING_FORMAT,
        version: RECORDING_VERSION,
        startedAt: this.#startedAt.toISOString(),
        hello: this.#hello,
        ...this.#options.header,
      }),
    );
    for (const r of held) this.#write(r);
  }

  #onLine(l: RawLine): void {
    const t = l.atMs - this.#startedAtHost;
    if (l.direction === 'oversize') this.#record({ t, d: 'oversize', bytes: l.droppedBytes });
    else {
      this.#record({ t, d: l.direction, line: l.line });
      if (l.direction === 'in' && this.#hello === null && l.line.startsWith('HELLO ')) {
        this.#hello = l.line;
        this.flushHeader();
      }
    }
  }

  #onState(s: LinkStateChange): void {
    const t = (this.#options.now ?? (() => performance.now()))() - this.#startedAtHost;
    const reason = s.state === 'failed' ? s.message : s.state === 'ready' ? undefined : s.reason;
    this.#record({ t, d: 'state', state: s.state, ...(reason === undefined ? {} : { reason }) });
  }

  #record(r: RecordingRecord): void {
    if (this.#held) this.#held.push(r);
    else this.#write(r);
  }

  #write(r: RecordingRecord): void {
    this.records++;
    this.#options.write(formatRecord(r));
  }
}
