// Surakarta sensor board (hardware/surakarta-board/): 36 points on a 6 x 6 grid, one load
// cell under each point, no pivot cells, no tilt switches. Per-point LEDs are an option:
// build with FIRMWARE_EXTRA_FLAGS=-DWELL_LEDS_FITTED=1 when the 36 WS2812Bs are fitted.
// Selected by build.sh --board surakarta; board.h explains the keys.
#pragma once

#define BOARD_NAME "surakarta"
#define BOARD_POINT_CELLS 36
#define BOARD_PIVOT_CELLS 0
#define BOARD_TILT_SWITCHES 0
#ifndef WELL_LEDS_FITTED
#define WELL_LEDS_FITTED 0
#endif
