/**
 * Reads MAX7219 register writes back out of the io's digitalWrite calls, as the scoring
 * board's chips would see them (hardware/scoreboard/README.md): DIN D12 and CLK D11 are
 * shared, every chip shifts on each rising clock edge, U1+U2 latch on D10 rising (U1 the
 * last 16 bits, U2 the 16 before: U2 hangs off U1's DOUT), U3 latches on D9 rising.
 */
export type Chip = 'U1' | 'U2' | 'U3';

const REGISTER_NAMES: Record<number, string> = { 9: 'DECODE', 10: 'INTENSITY', 11: 'SCANLIMIT', 12: 'SHUTDOWN', 15: 'TEST' };
export const registerName = (opcode: number): string =>
  REGISTER_NAMES[opcode] ?? (opcode >= 1 && opcode <= 8 ? `DIG${opcode - 1}` : `R${opcode}`);
const hex = (n: number) => `0x${n.toString(16).toUpperCase().padStart(2, '0')}`;

export class Max7219Emulator {
  /** Every latched register write, e.g. "U3 DIG2=0x40"; no-op frames are left out. */
  readonly writes: string[] = [];
  /** Register contents per chip, index = opcode (1..8 = DIG0..DIG7). */
  readonly registers: Record<Chip, number[]> = { U1: Array(16).fill(0), U2: Array(16).fill(0), U3: Array(16).fill(0) };
  private readonly level = new Map<number, number>();
  private readonly bits: number[] = [];

  constructor(private readonly pins = { data: 12, clock: 11, chainCs: 10, trackCs: 9 }) {}

  /** Feed one io.digitalWrite(pin, value). */
  digitalWrite(pin: number, value: number): void {
    const before = this.level.get(pin) ?? 0;
    const v = value ? 1 : 0;
    this.level.set(pin, v);
    if (before === 0 && v === 1) {
      if (pin === this.pins.clock) this.bits.push(this.level.get(this.pins.data) ?? 0);
      if (pin === this.pins.chainCs) {
        this.latch('U1', this.word(0));
        this.latch('U2', this.word(1));
      }
      if (pin === this.pins.trackCs) this.latch('U3', this.word(0));
    }
  }

  /** Clears the write log (the registers stay). */
  clearLog(): void {
    this.writes.length = 0;
  }

  /** The 16-bit word `back` words from the end of the shift history (0 = last shifted). */
  private word(back: number): number | undefined {
    const end = this.bits.length - 16 * back;
    if (end < 16) return undefined;
    return this.bits.slice(end - 16, end).reduce((w, b) => (w << 1) | b, 0);
  }

  private latch(chip: Chip, word: number | undefined): void {
    if (word === undefined) return;
    const opcode = (word >> 8) & 0x0f;
    const data = word & 0xff;
    if (opcode === 0) return; // NO-OP: this chip was not addressed
    this.registers[chip][opcode] = data;
    this.writes.push(`${chip} ${registerName(opcode)}=${hex(data)}`);
  }

  /** U3's digit registers DIG0..DIG7. */
  trackRows(): number[] {
    return this.registers.U3.slice(1, 9);
  }
}
