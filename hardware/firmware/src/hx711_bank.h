// All the HX711s of the board (44 on Senryaku, 36 on Surakarta) read as one bank: one shared SCK, DOUTs sampled in
// parallel from whole port registers, so a sample of every cell costs one 25-pulse burst.
//
// Non-blocking: poll() returns at once unless every awaited cell is ready (or a deadline
// passed), so the main loop keeps serving the serial link and the tilt switches.
//
// Cadence. The HX711s run free at 80 SPS, each on its own oscillator. A burst is clocked
// when every awaited cell has a conversion ready, so samples follow the slowest healthy
// chip (12.5 ms +- its oscillator error). A cell still busy kLateMs after the previous
// burst is clocked anyway and marked timed out; it stops being awaited (one dead module
// must not slow every sample) until it is seen ready again. With nothing awaited, and
// while the chips settle after a reset, a sample is produced every 12.5 ms so the frame
// stream keeps its rhythm with every cell marked timed out.
#pragma once

#include <stdint.h>

#include "pins.h"

namespace hx711 {

// 25 pulses: channel A, gain 128, the only setting protocol v1 uses (PROTOCOL.md, 5).
constexpr uint8_t kPulsesPerSample = 25;
constexpr uint16_t kPeriodUs = 12500;  // 80 SPS, RATE pin high
// Two periods: a chip at 80 SPS +- a few % is never this late; one left at 10 SPS is.
constexpr uint16_t kLateMs = 25;
// Datasheet output settling time after reset at 80 SPS is 50 ms.
constexpr uint16_t kSettleMs = 60;

struct Sample {
  // Bit (cell % 8) of timedOut[cell / 8] set = that cell's DOUT was still high (no
  // conversion) when the burst began, so it has no fresh reading in this sample.
  uint8_t timedOut[pins::kDoutPortCount];
  uint32_t atMs;  // millis() when the burst began
};

inline bool cellTimedOut(const Sample& s, uint8_t cell) {
  return (s.timedOut[cell >> 3] >> (cell & 7)) & 1;
}

// Sets pin directions, pull-ups on every DOUT (an unplugged module then reads "busy" and
// times out instead of reading as a stream of zeros) and resets all chips together.
void begin(uint32_t nowMs);
// True when a new sample was taken into `out`; latest() then holds the new readings.
bool poll(uint32_t nowMs, Sample& out);
// Last good reading of every cell (signed 24-bit, sign-extended), 0 if none since reset.
const int32_t* latest();
// Power-cycles every HX711 through SCK (high > 60 us, then low), which also puts all of
// them back in phase; forgets the last readings. About 100 us.
void reset(uint32_t nowMs);

}  // namespace hx711
