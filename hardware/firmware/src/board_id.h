// The board's persistent identity: a 32-bit id kept in EEPROM so the host can tell
// boards apart (and pick the right calibration) whichever USB port they land on.
// Protocol v1 carries it as 8 hex digits; 0xFFFFFFFF means "unset" there and is never
// stored as an id.
// Layout at EEPROM address 0:
//   0..1  magic 'S' 'R'
//   2     layout version (1)
//   3..6  id, little-endian
//   7     check byte: XOR of bytes 0..6, seeded 0x5A
// Anything else (a blank 0xFF chip, a torn write) counts as "no id".
#pragma once

#include <stdint.h>

namespace board_id {

constexpr uint32_t kUnset = 0xFFFFFFFFUL;

// Loads the id; when EEPROM holds none, stores `seed` as the new id (0xFFFFFFFF is
// remapped so the id is never "unset"). Returns true if a new id was generated.
bool begin(uint32_t seed);
uint32_t get();
// Stores the id and reads it back; false (and the old id kept in RAM) if the EEPROM
// did not take it or the id is the reserved "unset" value.
bool set(uint32_t id);

}  // namespace board_id
