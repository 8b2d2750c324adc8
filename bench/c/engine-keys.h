/*
 * The Zobrist key words both C engine ports draw, as src/engine/zobrist.ts does for every game:
 * src/util/rng.ts's sfc32 seeded through splitmix32, twelve draws discarded, then one 32-bit word
 * a draw.
 */
#include <stdint.h>

static uint32_t splitmix32(uint32_t *state) {
  uint32_t z = *state += 0x9e3779b9u;
  z = (z ^ (z >> 16)) * 0x85ebca6bu;
  z = (z ^ (z >> 13)) * 0xc2b2ae35u;
  return z ^ (z >> 16);
}

static uint32_t rngA, rngB, rngC, rngD;
static uint32_t sfc32(void) {
  uint32_t t = rngA + rngB + rngD;
  rngD += 1;
  rngA = rngB ^ (rngB >> 9);
  rngB = rngC + (rngC << 3);
  rngC = (rngC << 21) | (rngC >> 11);
  rngC += t;
  return t;
}

/** `count` key words from `seed` into `out`. */
static void keyWords(uint32_t seed, int32_t *out, int count) {
  uint32_t s = seed;
  rngA = splitmix32(&s);
  rngB = splitmix32(&s);
  rngC = splitmix32(&s);
  rngD = splitmix32(&s);
  for (int i = 0; i < 12; i++) sfc32();
  for (int i = 0; i < count; i++) out[i] = (int32_t)sfc32();
}
