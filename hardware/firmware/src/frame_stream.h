// Turns HX711 samples (one per 12.5 ms) into protocol FRAMEs at the chosen rate, and
// watches for dead cells.
//
// A frame period is 80 / rate samples. A cell is stale in a frame when it had no fresh
// reading in any sample of the period; its value is then the last good one (PROTOCOL.md,
// FRAME). Stale periods are counted whether or not the host is streaming, so a dead cell
// is reported (ERR SENSOR, after 8 stale periods, once until it recovers) even before
// START. SENSOR errors are paced at one per 50 ms (the 20/s budget of PROTOCOL.md 8), and
// a frame the link had no room for becomes one ERR OVERRUN per second at most.
#pragma once

#include <stdint.h>

#include "hx711_bank.h"

namespace frame_stream {

constexpr uint8_t kDefaultRateHz = 80;
constexpr uint8_t kStalePeriodsForSensorError = 8;

void begin();
void start();
void stop();
bool streaming();
// 10, 20, 40 or 80; anything else is refused. Starts a fresh period.
bool setRate(uint8_t hz);
uint8_t rate();
// After CELLRST: forget stale counts and start a fresh period.
void restartPeriod();
void onSample(const hx711::Sample& sample, uint8_t tilt);
// Sends pending SENSOR / OVERRUN errors when their pacing allows.
void service(uint32_t nowMs);

}  // namespace frame_stream
