/**
 * The pty of a FirmwareBoard opened with the real serialport, below the link: sends any
 * line (a well-formed command with its CRC, or a damaged one) and collects the lines the
 * firmware sends back, to wait on them.
 */
import { ReadlineParser } from '@serialport/parser-readline';
import { SerialPort } from 'serialport';
import { sealLine } from '../../src/protocol/index.ts';

export class RawPort {
  readonly lines: string[] = [];
  readonly #waiters = new Set<() => void>();
  #seq = 0x100;

  private constructor(readonly port: SerialPort) {
    port.pipe(new ReadlineParser({ delimiter: '\r\n', encoding: 'latin1' })).on('data', (line: string) => {
      this.lines.push(line);
      for (const w of this.#waiters) w();
    });
  }

  static async open(path: string): Promise<RawPort> {
    const port = new SerialPort({ path, baudRate: 500_000, autoOpen: false });
    await new Promise<void>((resolve, reject) => port.open((e) => (e ? reject(e) : resolve())));
    return new RawPort(port);
  }

  /** Sends `TYPE SEQ args` with its CRC; returns the sequence number used. */
  command(type: string, ...args: string[]): number {
    const seq = this.#seq++;
    this.writeRaw(`${sealLine(type, seq, args)}\r\n`);
    return seq;
  }

  writeRaw(text: string): void {
    this.port.write(Buffer.from(text, 'latin1'));
  }

  /** The first line from index `from` on that `match` takes. */
  async waitLine(match: (line: string) => boolean, from = 0, timeoutMs = 10_000): Promise<string> {
    const found = (): string | undefined => this.lines.slice(from).find(match);
    const now = found();
    if (now !== undefined) return now;
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const line = found();
        if (line === undefined) return;
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve(line);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`no matching line within ${timeoutMs} ms; last lines:\n${this.lines.slice(-5).join('\n')}`));
      }, timeoutMs);
      this.#waiters.add(check);
    });
  }

  /**
   * Waits until the firmware answers: bytes sent before its UART is on (the first ms after a
   * reset) are lost, as on a real board, so HELLO is asked again until one is acknowledged.
   */
  async handshake(attempts = 10): Promise<void> {
    for (let i = 0; i < attempts; i++) {
      const from = this.lines.length;
      const seq = this.command('HELLO');
      const tag = ` ${seq.toString(16).toUpperCase().padStart(4, '0')}*`;
      const acked = await this.waitLine((l) => l.startsWith('ACK ') && l.includes(tag), from, 1000).then(
        () => true,
        () => false,
      );
      if (acked) {
        await this.waitLine((l) => l.startsWith('HELLO ') && !l.startsWith('HELLO 0000 '), from);
        return;
      }
    }
    throw new Error(`the firmware did not answer HELLO ${attempts} times`);
  }

  async close(): Promise<void> {
    if (!this.port.isOpen) return;
    await new Promise<void>((resolve) => this.port.close(() => resolve()));
  }
}
