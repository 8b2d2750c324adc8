/**
 * A board's serial port for a person at the terminal (senryaku board): lines in, lines out,
 * the CRC and sequence number added for them. Below the link on purpose: a builder bringing
 * a board up wants to see every line the firmware says, ERR and NAK included.
 */
import { ReadlineParser } from '@serialport/parser-readline';
import type { SerialPort } from 'serialport';
import { sealLine } from '../../protocol/index.ts';

export class BoardPort {
  readonly #waiters = new Set<(line: string) => boolean>();
  #seq = 0x1000;

  private constructor(readonly port: SerialPort) {
    port.pipe(new ReadlineParser({ delimiter: '\r\n', encoding: 'latin1' })).on('data', (line: string) => {
      for (const w of this.#waiters) if (w(line)) this.#waiters.delete(w);
    });
  }

  static async open(path: string): Promise<BoardPort> {
    const { SerialPort } = await import('serialport');
    const port = new SerialPort({ path, baudRate: 500_000, autoOpen: false });
    await new Promise<void>((resolve, reject) => port.open((e) => (e ? reject(e) : resolve())));
    return new BoardPort(port);
  }

  /** Calls `onLine` for every line until it returns true or `timeoutMs` passes; false on the time-out. */
  collect(onLine: (line: string) => boolean, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter = (line: string): boolean => {
        if (!onLine(line)) return false;
        clearTimeout(timer);
        resolve(true);
        return true;
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  /**
   * Sends `TYPE args` and returns every line up to its ACK or NAK (and, for HELLO, the HELLO
   * after the ACK). Undefined when nothing answers within `timeoutMs`: a board just reset
   * by the port's opening (DTR) is still in its bootloader, so the caller may ask again.
   */
  async command(type: string, args: readonly string[] = [], timeoutMs = 1500): Promise<string[] | undefined> {
    const seq = this.#seq++ & 0xffff;
    const tag = seq.toString(16).toUpperCase().padStart(4, '0');
    const lines: string[] = [];
    let acked = false;
    const answered = this.collect((line) => {
      if (line.startsWith('FRAME ')) return false;
      lines.push(line);
      if (acked && type === 'HELLO') return line.startsWith('HELLO ');
      if (/^(ACK|NAK) /.test(line) && line.split(' ')[2]?.startsWith(tag)) {
        acked = true;
        return !(type === 'HELLO' && line.startsWith('ACK '));
      }
      return false;
    }, timeoutMs);
    this.port.write(`${sealLine(type, seq, args)}\r\n`);
    return (await answered) ? lines : undefined;
  }

  async close(): Promise<void> {
    if (this.port.isOpen) await new Promise<void>((resolve) => this.port.close(() => resolve()));
  }
}
