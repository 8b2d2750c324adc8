// Which board this firmware is built for. build.sh --board NAME compiles every source
// with -DBOARD_CONFIG="boards/NAME.h"; that header defines
//
//   BOARD_NAME            the board's name (also the name of the build output)
//   BOARD_POINT_CELLS     load cells under the points (protocol: "wells"), cells 0..n-1
//   BOARD_PIVOT_CELLS     load cells the board rests on, which follow them (0 = none)
//   BOARD_TILT_SWITCHES   1 = the two crash switches are fitted, 0 = none (tilt.cpp is
//                         then compiled out and HELLO says "--")
//   WELL_LEDS_FITTED      default of the LED option, one WS2812B per point (0 or 1; a
//                         -D on the command line wins)
//
// Everything else (the pin table, the protocol) is the same for every board: a board uses
// the first BOARD_POINT_CELLS + BOARD_PIVOT_CELLS DOUT pins of pins.h. No AVR header here,
// so host tests can include this file (hardware/firmware/test/board_hello_test.cpp).
#pragma once

#include <stdint.h>

#include "protocol.h"

#ifndef BOARD_CONFIG
#error "no board selected: build with hardware/firmware/build.sh --board NAME"
#endif
#include BOARD_CONFIG

namespace board {

constexpr uint8_t kPointCells = BOARD_POINT_CELLS;
constexpr uint8_t kPivotCells = BOARD_PIVOT_CELLS;
constexpr uint8_t kCellCount = kPointCells + kPivotCells;
constexpr bool kTiltFitted = BOARD_TILT_SWITCHES != 0;
constexpr uint8_t kLedCount = WELL_LEDS_FITTED ? kPointCells : 0;

static_assert(kPointCells >= 1 && kCellCount <= PROTO_MAX_CELLS, "PROTOCOL.md: 1..48 cells");

// The board's part of HELLO: cells, tilt switches fitted, LEDs.
inline void describe(ProtoHello& hello) {
  hello.well_cells = kPointCells;
  hello.pivot_cells = kPivotCells;
  hello.tilt_fitted = kTiltFitted ? (PROTO_TILT_WHITE | PROTO_TILT_BLACK) : 0;
  hello.led_count = kLedCount;
}

}  // namespace board
