#include "well_leds.h"

#include <Arduino.h>
#include <avr/interrupt.h>
#include <string.h>

#include "pins.h"

namespace well_leds {
namespace {

constexpr uint16_t kMilliampsPerChannel = 20;
constexpr uint16_t kQuiescentMilliampsPerLed = 1;

#if WELL_LEDS_FITTED
constexpr uint8_t kBytes = kCount * 3;
uint8_t grb[kBytes];  // wire order of the WS2812B: green, red, blue
// WS2812B latches after >= 280 us of low line; older WS2812 after 50 us.
constexpr uint16_t kLatchMicros = 300;
uint32_t lastShowEndUs = 0;

uint16_t channelSum() {
  uint16_t sum = 0;
  for (uint8_t i = 0; i < kBytes; ++i) sum += grb[i];
  return sum;
}

// Clocks out 3 bytes at 800 kHz: 20 cycles per bit at 16 MHz. The line goes high at
// cycle 0, low at cycle 6 for a 0 bit (375 ns, spec 400 +- 150) or at cycle 13 for a 1
// bit (812 ns, spec 800 +- 150). `hi` and `lo` are PORTB with the data bit set/clear,
// taken with interrupts off so no other PORTB pin is disturbed.
void sendLed(const uint8_t* bytes, uint8_t hi, uint8_t lo) {
  uint8_t n = 3;
  uint8_t cur, bits;
  asm volatile(
      "1:                      \n\t"
      "ld   %[cur], %a[ptr]+   \n\t"
      "ldi  %[bits], 8         \n\t"
      "2:                      \n\t"
      "out  %[port], %[hi]     \n\t"  // c0: rise
      "rjmp .+0                \n\t"  // c1-2
      "rjmp .+0                \n\t"  // c3-4
      "sbrs %[cur], 7          \n\t"  // c5: bit 1 skips the early fall
      "out  %[port], %[lo]     \n\t"  // c6: fall for a 0 bit
      "lsl  %[cur]             \n\t"  // c7
      "rjmp .+0                \n\t"  // c8-9
      "rjmp .+0                \n\t"  // c10-11
      "nop                     \n\t"  // c12
      "out  %[port], %[lo]     \n\t"  // c13: fall for a 1 bit
      "rjmp .+0                \n\t"  // c14-15
      "nop                     \n\t"  // c16
      "dec  %[bits]            \n\t"  // c17
      "brne 2b                 \n\t"  // c18-19
      "dec  %[n]               \n\t"  // byte boundary: low phase a few cycles longer
      "brne 1b                 \n\t"
      : [cur] "=&r"(cur), [bits] "=&d"(bits), [ptr] "+e"(bytes), [n] "+r"(n)
      : [port] "I"(_SFR_IO_ADDR(WELL_LEDS_PORT)), [hi] "r"(hi), [lo] "r"(lo));
}
#endif

}  // namespace

bool fitted() { return kCount > 0; }
uint8_t count() { return kCount; }

void begin() {
#if WELL_LEDS_FITTED
  WELL_LEDS_DDR |= _BV(pins::kWellLedsBit);
  WELL_LEDS_PORT &= static_cast<uint8_t>(~_BV(pins::kWellLedsBit));
  memset(grb, 0, sizeof grb);
  delayMicroseconds(kLatchMicros);
  show();  // LEDs power up showing nothing defined on some batches: blank them
#endif
}

void set(uint8_t well, uint8_t r, uint8_t g, uint8_t b) {
#if WELL_LEDS_FITTED
  if (well >= kCount) return;
  uint8_t* p = &grb[well * 3];
  p[0] = g;
  p[1] = r;
  p[2] = b;
#else
  (void)well, (void)r, (void)g, (void)b;
#endif
}

void setAll(uint8_t r, uint8_t g, uint8_t b) {
#if WELL_LEDS_FITTED
  for (uint8_t i = 0; i < kCount; ++i) set(i, r, g, b);
#else
  (void)r, (void)g, (void)b;
#endif
}

uint16_t estimatedMilliamps() {
#if WELL_LEDS_FITTED
  return static_cast<uint16_t>(static_cast<uint32_t>(channelSum()) * kMilliampsPerChannel / 255) +
         kCount * kQuiescentMilliampsPerLed;
#else
  return 0;
#endif
}

void show() {
#if WELL_LEDS_FITTED
  // Dim the whole frame in proportion when it would exceed the budget.
  const uint16_t allowed = static_cast<uint16_t>(
      static_cast<uint32_t>(kBudgetMilliamps - kCount * kQuiescentMilliampsPerLed) * 255 /
      kMilliampsPerChannel);
  const uint16_t sum = channelSum();
  const uint16_t scale = sum > allowed ? static_cast<uint16_t>(static_cast<uint32_t>(allowed) * 256 / sum) : 256;

  const uint32_t sinceLast = micros() - lastShowEndUs;
  if (sinceLast < kLatchMicros) delayMicroseconds(static_cast<unsigned int>(kLatchMicros - sinceLast));

  uint8_t led[3];
  for (uint8_t i = 0; i < kCount; ++i) {
    for (uint8_t c = 0; c < 3; ++c) led[c] = static_cast<uint8_t>((static_cast<uint16_t>(grb[i * 3 + c]) * scale) >> 8);
    // A pending ISR runs between LEDs while the line is low (a few us at most, far
    // below the latch time), so the strip does not latch early.
    const uint8_t sreg = SREG;
    cli();
    const uint8_t hi = WELL_LEDS_PORT | _BV(pins::kWellLedsBit);
    const uint8_t lo = WELL_LEDS_PORT & static_cast<uint8_t>(~_BV(pins::kWellLedsBit));
    sendLed(led, hi, lo);
    SREG = sreg;
  }
  lastShowEndUs = micros();
#endif
}

}  // namespace well_leds
