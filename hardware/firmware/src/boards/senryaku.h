// Senryaku referee board (hardware/referee-board/): 42 wells on a 7 x 6 grid, a load
// cell under each pinnacle rail (cells 42, 43), two tilt switches, WS2812B LEDs under the
// wells unless built with -DWELL_LEDS_FITTED=0. Selected by build.sh --board senryaku
// (the default); board.h explains the keys.
#pragma once

#define BOARD_NAME "senryaku"
#define BOARD_POINT_CELLS 42
#define BOARD_PIVOT_CELLS 2
#define BOARD_TILT_SWITCHES 1
#ifndef WELL_LEDS_FITTED
#define WELL_LEDS_FITTED 1
#endif
