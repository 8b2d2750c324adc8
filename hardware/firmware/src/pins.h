// Pin assignment of the reference referee board (Arduino Mega 2560).
// hardware/referee-board/PINMAP.md is the same table for people; keep the two in step.
//
// The 44 HX711 DOUT lines sit on whole port registers so that one SCK pulse is followed
// by six port reads, not 44 digitalRead()s. Cell c lives on port kDoutPorts[c / 8],
// bit (c % 8) + kDoutShift[c / 8]. Wells are cells 0..41 (index = file + 7 * rank, so
// a1 = 0, g1 = 6, a2 = 7, ..., g6 = 41), the pivot cells are 42 (White side) and 43
// (Black side), matching hardware/profiles/reference-mega-2560.json.
#pragma once

#include <avr/io.h>
#include <stdint.h>

namespace pins {

// ---- HX711 bank -------------------------------------------------------------------
constexpr uint8_t kCellCount = 44;
constexpr uint8_t kWellCount = 42;
constexpr uint8_t kDoutPortCount = 6;

// Port order = cell order: PA -> cells 0..7, PC -> 8..15, PL -> 16..23, PK -> 24..31,
// PF -> 32..39, PH3..PH6 -> 40..43. Used only to set DDR/PORT at start-up; the burst
// reads the PINx registers by name in hx711_bank.cpp so the compiler emits IN/LDS.
constexpr uint8_t kDoutMask[kDoutPortCount] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x78};
constexpr uint8_t kDoutShift[kDoutPortCount] = {0, 0, 0, 0, 0, 3};
constexpr uint8_t kCellsOnPort[kDoutPortCount] = {8, 8, 8, 8, 8, 4};

// Shared SCK: Arduino D4 = PG5. PORTG sits in the low I/O space, so setting and clearing
// the bit is a single SBI/CBI (2 cycles) with no read-modify-write race against ISRs.
#define HX711_SCK_PORT PORTG
#define HX711_SCK_DDR DDRG
constexpr uint8_t kSckBit = PG5;

// ---- Tilt switches -----------------------------------------------------------------
// D2 = PE4 (INT4), D3 = PE5 (INT5). Switch closed to GND while the board is level,
// open (pulled high) once that side has tipped past its crash angle: a broken wire
// therefore reads as "tipped", which the host reports instead of trusting silence.
constexpr uint8_t kTiltTowardWhitePin = 2;
constexpr uint8_t kTiltTowardBlackPin = 3;

// ---- Optional WS2812B strip under the wells ------------------------------------------
// D11 = PB5. PORTB is in the low I/O space so the bit-banged loop can use OUT (1 cycle).
#define WELL_LEDS_PORT PORTB
#define WELL_LEDS_DDR DDRB
constexpr uint8_t kWellLedsBit = PB5;

// ---- Status LED on the Mega (D13 = PB7): blinks with good frames -------------------
constexpr uint8_t kStatusLedPin = 13;

}  // namespace pins
