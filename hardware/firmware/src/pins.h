// Pin assignment of the referee boards (Arduino Mega 2560). One table for every board:
// hardware/referee-board/PINMAP.md is the same table for people (the Senryaku board uses
// all of it), hardware/surakarta-board/PINMAP.md the part the Surakarta board uses; keep
// them in step.
//
// The 44 HX711 DOUT pins of the table sit on whole port registers so that one SCK pulse
// is followed by six port reads, not 44 digitalRead()s. Cell c lives on port number
// c / 8 of the list below, bit (c % 8) + kDoutShift[c / 8]. A board (board.h) uses the
// first board::kCellCount pins of the table, in cell order: point cells, then pivots.
// Senryaku: wells are cells 0..41 (index = file + 7 * rank, so a1 = 0, g1 = 6, a2 = 7,
// ..., g6 = 41), the pivot cells 42 (White side) and 43 (Black side), matching
// hardware/profiles/reference-mega-2560.json. Surakarta: points are cells 0..35 (index =
// file + 6 * rank), matching hardware/profiles/surakarta-mega-2560.json.
#pragma once

#include <avr/io.h>
#include <stdint.h>

#include "board.h"

namespace pins {

// ---- HX711 bank -------------------------------------------------------------------
constexpr uint8_t kDoutPinCount = 44;  // DOUT pins in the table
constexpr uint8_t kDoutPortCount = 6;

// Port order = cell order: PA -> cells 0..7, PC -> 8..15, PL -> 16..23, PK -> 24..31,
// PF -> 32..39, PH3..PH6 -> 40..43. Used only to set DDR/PORT at start-up; the burst
// reads the PINx registers by name in hx711_bank.cpp so the compiler emits IN/LDS.
constexpr uint8_t kDoutShift[kDoutPortCount] = {0, 0, 0, 0, 0, 3};
constexpr uint8_t kPinsOnPort[kDoutPortCount] = {8, 8, 8, 8, 8, 4};

constexpr uint8_t kCellCount = board::kCellCount;
static_assert(kCellCount <= kDoutPinCount, "the pin table has 44 DOUT pins");

// This board's cells on port p: the table is used from cell 0 up, so a board with fewer
// cells leaves the last pins of the table (possibly whole ports) unused.
constexpr uint8_t cellsOnPort(uint8_t p) {
  return kCellCount <= 8 * p ? 0
                             : (kCellCount - 8 * p < kPinsOnPort[p] ? static_cast<uint8_t>(kCellCount - 8 * p)
                                                                    : kPinsOnPort[p]);
}
constexpr uint8_t portMask(uint8_t bits, uint8_t shift) { return static_cast<uint8_t>(((1u << bits) - 1) << shift); }

constexpr uint8_t kCellsOnPort[kDoutPortCount] = {cellsOnPort(0), cellsOnPort(1), cellsOnPort(2),
                                                  cellsOnPort(3), cellsOnPort(4), cellsOnPort(5)};
// The DOUT bits this board reads, per port.
constexpr uint8_t kDoutMask[kDoutPortCount] = {
    portMask(kCellsOnPort[0], kDoutShift[0]), portMask(kCellsOnPort[1], kDoutShift[1]),
    portMask(kCellsOnPort[2], kDoutShift[2]), portMask(kCellsOnPort[3], kDoutShift[3]),
    portMask(kCellsOnPort[4], kDoutShift[4]), portMask(kCellsOnPort[5], kDoutShift[5])};
// Every DOUT pin of the table on port H: all get pull-ups, used by this board or not.
constexpr uint8_t kDoutPinMaskH = portMask(kPinsOnPort[5], kDoutShift[5]);

// Shared SCK: Arduino D4 = PG5. PORTG sits in the low I/O space, so setting and clearing
// the bit is a single SBI/CBI (2 cycles) with no read-modify-write race against ISRs.
#define HX711_SCK_PORT PORTG
#define HX711_SCK_DDR DDRG
constexpr uint8_t kSckBit = PG5;

// ---- Tilt switches (only where board::kTiltFitted) ------------------------------------
// D2 = PE4 (INT4), D3 = PE5 (INT5). Switch closed to GND while the board is level,
// open (pulled high) once that side has tipped past its crash angle: a broken wire
// therefore reads as "tipped", which the host reports instead of trusting silence.
constexpr uint8_t kTiltTowardWhitePin = 2;
constexpr uint8_t kTiltTowardBlackPin = 3;

// ---- Optional WS2812B strip under the wells (points) ----------------------------------
// D11 = PB5. PORTB is in the low I/O space so the bit-banged loop can use OUT (1 cycle).
#define WELL_LEDS_PORT PORTB
#define WELL_LEDS_DDR DDRB
constexpr uint8_t kWellLedsBit = PB5;

// ---- Status LED on the Mega (D13 = PB7): blinks with good frames -------------------
constexpr uint8_t kStatusLedPin = 13;

}  // namespace pins
