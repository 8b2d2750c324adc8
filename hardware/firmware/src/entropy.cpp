#include "entropy.h"

#include <Arduino.h>
#include <avr/interrupt.h>
#include <avr/wdt.h>

namespace entropy {
namespace {

uint32_t state = 0x9E3779B9UL;
volatile uint8_t ticks = 0;
constexpr uint32_t kWatchdogTickMs = 16;  // shortest watchdog period
volatile uint16_t captured = 0;

// A 32-bit finaliser-style mix: every input bit reaches every state bit within a few calls.
void stir(uint32_t v) {
  state ^= v;
  state ^= state >> 16;
  state *= 0x7FEB352DUL;
  state ^= state >> 15;
  state *= 0x846CA68BUL;
  state ^= state >> 16;
}

}  // namespace

}  // namespace entropy

ISR(WDT_vect) {
  entropy::captured = TCNT1;
  entropy::ticks = entropy::ticks + 1;
}

namespace entropy {

void collectWatchdogJitter(uint8_t samples) {
  // Timer1 at the full 16 MHz for the duration, so one RC jitter cycle moves it by ~100
  // counts; the core set it to /64 for PWM, restored below.
  const uint8_t savedB = TCCR1B;
  TCCR1B = static_cast<uint8_t>((savedB & ~0x07) | _BV(CS10));

  cli();
  wdt_reset();
  WDTCSR = _BV(WDCE) | _BV(WDE);
  WDTCSR = _BV(WDIE);  // interrupt only, no reset, shortest period (16 ms)
  sei();

  // Bounded: a watchdog oscillator that never ticks (a simulator without the WDT's
  // interrupt mode, a damaged part) costs entropy, never the boot. Timer0 keeps millis().
  const uint32_t giveUpMs = millis() + 2u * kWatchdogTickMs * samples + kWatchdogTickMs;
  uint8_t seen = ticks;
  for (uint8_t n = 0; n < samples;) {
    if (static_cast<int32_t>(millis() - giveUpMs) >= 0) break;
    if (ticks != seen) {
      seen = ticks;
      uint16_t c;
      cli();
      c = captured;
      sei();
      stir(c);
      ++n;
    }
  }

  cli();
  wdt_reset();
  MCUSR &= static_cast<uint8_t>(~_BV(WDRF));
  WDTCSR = _BV(WDCE) | _BV(WDE);
  WDTCSR = 0;
  sei();
  TCCR1B = savedB;
}

void mix(uint32_t v) { stir(v); }

uint32_t value() {
  stir(micros());
  return state != 0 ? state : 1;
}

}  // namespace entropy
