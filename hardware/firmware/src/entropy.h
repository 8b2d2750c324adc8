// Seed material for the boot id. There is no floating analog pin left on this board (all
// of PF and PK carry HX711 DOUTs), so the randomness comes from two physical sources:
//  - the watchdog's own 128 kHz RC oscillator timed against the 16 MHz crystal: the
//    RC drifts with temperature and has cycle jitter, so the low bits of Timer1 at each
//    watchdog tick differ from boot to boot;
//  - the low bits of load-cell readings, which are analog noise (mixed in by the caller).
#pragma once

#include <stdint.h>

namespace entropy {

// Blocks for about 16 ms x samples (watchdog ticks); run once in setup().
void collectWatchdogJitter(uint8_t samples);
void mix(uint32_t value);
// A non-zero 32-bit value from everything mixed so far.
uint32_t value();

}  // namespace entropy
