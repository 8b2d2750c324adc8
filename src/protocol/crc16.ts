/**
 * CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, not reflected, no xorout.
 * Check value: crc16('123456789') === 0x29b1. Computed bitwise: lines are short and a
 * table would be the only non-trivial constant in the codec.
 */
export const crc16 = (text: string): number => {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= (text.charCodeAt(i) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
};
