/** The canonical decoded form of firmware-protocol/vectors/README.md. */
import type { BoardMessage, HostCommand, Tilt } from '../../src/protocol/index.ts';

const hex = (v: number, digits: number): string => v.toString(16).toUpperCase().padStart(digits, '0');
const tilt = (t: Tilt): string => (t.white ? 'W' : '-') + (t.black ? 'B' : '-');

export const canonicalBoardMessage = (m: BoardMessage): string => {
  switch (m.type) {
    case 'hello':
      return (
        `type=hello seq=${m.seq} proto=${m.protocolVersion} fw=${m.firmwareVersion} board=${hex(m.boardId, 8)} ` +
        `boot=${hex(m.bootId, 8)} wells=${m.wellCells} pivots=${m.pivotCells} rate=${m.sampleRateHz} ` +
        `tilts=${tilt(m.tiltFitted)} leds=${m.ledCount}`
      );
    case 'frame':
      return (
        `type=frame seq=${m.seq} ms=${m.ms} tilt=${tilt(m.tilt)} ` +
        `stale=${m.stale.length ? m.stale.join(',') : '-'} cells=${Array.from(m.cells).join(',')}`
      );
    case 'tilt':
      return `type=tilt seq=${m.seq} ms=${m.ms} tilt=${tilt(m.tilt)}`;
    case 'ack':
      return `type=ack seq=${m.seq} cmd=${m.commandId}`;
    case 'nak':
      return `type=nak seq=${m.seq} cmd=${m.commandId} code=${m.code}`;
    case 'error':
      return `type=error seq=${m.seq} code=${m.code} arg=${m.arg ?? '-'}`;
  }
};

export const canonicalHostCommand = (c: HostCommand): string => {
  const head = `type=${c.type} seq=${c.seq}`;
  switch (c.type) {
    case 'rate':
      return `${head} hz=${c.hz}`;
    case 'setid':
      return `${head} board=${hex(c.boardId, 8)}`;
    case 'led':
      return `${head} well=${c.well} rgb=${hex(c.rgb, 6)}`;
    case 'ledall':
      return `${head} rgb=${hex(c.rgb, 6)}`;
    default:
      return head;
  }
};
