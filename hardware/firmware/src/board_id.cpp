#include "board_id.h"

#include <avr/eeprom.h>

namespace board_id {
namespace {

constexpr uint8_t kMagic0 = 'S';
constexpr uint8_t kMagic1 = 'R';
constexpr uint8_t kLayoutVersion = 1;
constexpr uint8_t kCheckSeed = 0x5A;
constexpr uint8_t kRecordSize = 8;

uint32_t current = kUnset;

uint8_t* at(uint8_t addr) { return reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(addr)); }

void encode(uint32_t id, uint8_t rec[kRecordSize]) {
  rec[0] = kMagic0;
  rec[1] = kMagic1;
  rec[2] = kLayoutVersion;
  for (uint8_t i = 0; i < 4; ++i) rec[3 + i] = static_cast<uint8_t>(id >> (8 * i));
  uint8_t check = kCheckSeed;
  for (uint8_t i = 0; i < kRecordSize - 1; ++i) check ^= rec[i];
  rec[kRecordSize - 1] = check;
}

// Reads the record; kUnset if it is absent or damaged.
uint32_t load() {
  uint8_t rec[kRecordSize];
  eeprom_read_block(rec, at(0), kRecordSize);
  uint32_t id = 0;
  for (uint8_t i = 0; i < 4; ++i) id |= static_cast<uint32_t>(rec[3 + i]) << (8 * i);
  uint8_t expected[kRecordSize];
  encode(id, expected);
  for (uint8_t i = 0; i < kRecordSize; ++i)
    if (rec[i] != expected[i]) return kUnset;
  return id;
}

}  // namespace

bool begin(uint32_t seed) {
  current = load();
  if (current != kUnset) return false;
  set(seed == kUnset ? 0x5E4D1A00UL : seed);
  return true;
}

uint32_t get() { return current; }

bool set(uint32_t id) {
  if (id == kUnset) return false;
  uint8_t rec[kRecordSize];
  encode(id, rec);
  // Invalidate the magic first and write it back last, so a power cut mid-write leaves
  // "no id" (regenerated next boot), never a wrong one. eeprom_update_* skips bytes that
  // already hold the value: re-setting the same id costs no wear.
  eeprom_update_byte(at(0), 0xFF);
  for (uint8_t i = 1; i < kRecordSize; ++i) eeprom_update_byte(at(i), rec[i]);
  eeprom_update_byte(at(0), rec[0]);
  if (load() != id) return false;
  current = id;
  return true;
}

}  // namespace board_id
