/**
 * CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, not reflected, no xorout.
 * Check value: crc16('123456789') === 0x29b1. A byte at a time from a 256-entry table
 * (built here, bitwise, at load): every FRAME line is sealed by the board and checked by
 * the host, 80 times a second, and eight shifts a byte made this the codec's hot spot.
 */
const TABLE = Uint16Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 8;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  return crc;
});

export const crc16 = (text: string): number => {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) crc = ((crc << 8) & 0xffff) ^ (TABLE[((crc >> 8) ^ text.charCodeAt(i)) & 0xff] as number);
  return crc;
};
