/**
 * Passwords of the MQTT users, stored as scrypt hashes: `scrypt$N$r$p$saltB64$hashB64`
 * (node:crypto; compared in constant time). `senryaku config hash-password` makes one.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

export const DEFAULT_SCRYPT: ScryptParams = { N: 16384, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** A stored hash may ask for no more than this (N·r·128 bytes of memory, 256 MiB). */
const MAX_MEMORY = 256 * 1024 * 1024;

const derive = (password: string, salt: Buffer, keyLength: number, { N, r, p }: ScryptParams): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const options: ScryptOptions = { N, r, p, maxmem: 2 * 128 * N * r + 1024 * 1024 };
    scrypt(password.normalize('NFC'), salt, keyLength, options, (e, key) => (e ? reject(e) : resolve(key)));
  });

/** A new hash of the password with a random salt. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const HASH = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

/** Whether the password is the one hashed; a malformed hash (or one asking for absurd memory) matches nothing. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const m = HASH.exec(hash);
  if (!m) return false;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const isPowerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || r < 1 || p < 1 || 128 * N * r > MAX_MEMORY || p > 16) return false;
  const salt = Buffer.from(m[4]!, 'base64');
  const expected = Buffer.from(m[5]!, 'base64');
  if (expected.length < 16) return false;
  const actual = await derive(password, salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}
