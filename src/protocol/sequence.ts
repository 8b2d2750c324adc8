/**
 * Host-side accounting of the board's sequence numbers (PROTOCOL.md section 3): counts
 * lines lost between two good lines, whether dropped on the wire or discarded as
 * corrupt, and resynchronises on every good line. Reboots are the caller's business
 * (a HELLO with a new boot id): call reset() then.
 */
export const SEQ_MODULUS = 0x10000;

export const nextSeq = (seq: number): number => (seq + 1) % SEQ_MODULUS;

/** Lines missing between the expected sequence number and the one received. */
export const seqGap = (expected: number, received: number): number => (((received - expected) % SEQ_MODULUS) + SEQ_MODULUS) % SEQ_MODULUS;

export class SequenceTracker {
  #expected: number | undefined = undefined;

  /** Records a good line's sequence number; returns how many lines were lost before it. */
  accept(seq: number): number {
    const lost = this.#expected === undefined ? 0 : seqGap(this.#expected, seq);
    this.#expected = nextSeq(seq);
    return lost;
  }

  /** Forget the expectation (port reopened, board rebooted). */
  reset(): void {
    this.#expected = undefined;
  }
}
