// Optional WS2812B LEDs under the wells (points), one per point cell, chained in cell
// order (LED i sits under well i: Senryaku a1..g1, a2..g2, ... g6), data on D11.
//
// WELL_LEDS_FITTED (0 or 1) says whether they are there; its default is the board's
// (boards/*.h: Senryaku 1, Surakarta 0), -DWELL_LEDS_FITTED=... overrides it. Without
// them fitted() is false and the main loop answers LED commands with NAK NOLEDS.
#pragma once

#include <stdint.h>

#include "board.h"

namespace well_leds {

constexpr uint8_t kCount = board::kLedCount;
// Supply current the strip may draw. The estimate is 20 mA per colour at full value
// plus ~1 mA quiescent per LED; frames above the budget are dimmed as a whole.
// 1 A leaves room on the 5 V 4 A supply and keeps heat away from the load cells
// (strain gauges drift with temperature).
constexpr uint16_t kBudgetMilliamps = 1000;

bool fitted();
// kCount as a run-time value (comparing against a constant 0 would trip -Wtype-limits).
uint8_t count();
void begin();  // data pin low, all LEDs off
void set(uint8_t well, uint8_t r, uint8_t g, uint8_t b);
void setAll(uint8_t r, uint8_t g, uint8_t b);
// Sends the buffer to the strip (about 1.3 ms). Interrupts are off for one LED at a
// time (30 us), not for the whole strip, so the serial receiver never overruns.
void show();
// Estimated strip current for the buffer as it stands, before budget dimming.
uint16_t estimatedMilliamps();

}  // namespace well_leds
