/** Shared test helpers: a started sim board and a host end that parses what it sends. */
import { formatHostCommand, parseBoardLine, type BoardMessage, type HostCommand } from '../../../src/protocol/index.ts';
import { createSimBoard, type SimBoard, type SimBoardOptions, type SimLink } from '../../../src/hardware/sim/index.ts';

export function startedBoard(options: SimBoardOptions = {}): SimBoard {
  const created = createSimBoard({ bootDelayMs: 100, ...options });
  if (!created.ok) throw new Error(created.error.message);
  created.value.start();
  return created.value;
}

export interface Host {
  readonly lines: string[];
  readonly messages: BoardMessage[];
  readonly bytes: Buffer[];
  readonly link: SimLink;
  unplugged: boolean;
  send(command: HostCommand): void;
  sendRaw(text: string): void;
  /** Messages of one type, in order. */
  of<T extends BoardMessage['type']>(type: T): Extract<BoardMessage, { type: T }>[];
}

/** Attaches a host to the board's link (opening the port: the board resets and boots). */
export function attachHost(board: SimBoard, cellCount = 44): Host {
  const lines: string[] = [];
  const messages: BoardMessage[] = [];
  const bytes: Buffer[] = [];
  let pending = '';
  const host = {
    lines,
    messages,
    bytes,
    unplugged: false,
    link: undefined as unknown as SimLink,
    send: (c: HostCommand) => host.link.write(Buffer.from(`${formatHostCommand(c)}\r\n`, 'latin1')),
    sendRaw: (text: string) => host.link.write(Buffer.from(text, 'latin1')),
    of: <T extends BoardMessage['type']>(type: T) => messages.filter((m): m is Extract<BoardMessage, { type: T }> => m.type === type),
  };
  const attached = board.attach({
    data: (chunk) => {
      bytes.push(chunk);
      pending += chunk.toString('latin1');
      let end: number;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        lines.push(line);
        const parsed = parseBoardLine(line, { cellCount });
        if (parsed.ok) messages.push(parsed.value);
      }
    },
    unplugged: () => {
      host.unplugged = true;
    },
  });
  if (!attached.ok) throw new Error(attached.error.message);
  host.link = attached.value;
  return host;
}

/** A board, booted, with a host attached and its boot HELLO received. */
export function bootedBoardWithHost(options: SimBoardOptions = {}): { board: SimBoard; host: Host } {
  const board = startedBoard(options);
  const host = attachHost(board);
  board.advance((options.bootDelayMs ?? 100) + 1);
  return { board, host };
}
