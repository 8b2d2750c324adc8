#include "hx711_bank.h"

#include <Arduino.h>
#include <avr/interrupt.h>
#include <string.h>

namespace hx711 {
namespace {

constexpr uint8_t kDataBits = 24;

// raw[bit][port]: the six DOUT port bytes seen after each of the 24 rising SCK edges.
uint8_t raw[kDataBits][pins::kDoutPortCount];
int32_t counts[pins::kCellCount];
// Cells whose readiness holds a burst back (see the header).
uint8_t awaited[pins::kDoutPortCount];

uint32_t settleUntilMs = 0;
uint32_t lastSampleMs = 0;
uint32_t lastSampleUs = 0;

// Port order must match pins::kDoutMask: PA, PC, PL, PK, PF, PH.
__attribute__((always_inline)) inline void samplePorts(uint8_t* dst) {
  dst[0] = PINA;
  dst[1] = PINC;
  dst[2] = PINL;
  dst[3] = PINK;
  dst[4] = PINF;
  dst[5] = PINH;
}

inline void sckHigh() { HX711_SCK_PORT |= _BV(pins::kSckBit); }
inline void sckLow() { HX711_SCK_PORT &= static_cast<uint8_t>(~_BV(pins::kSckBit)); }

// One SCK pulse, ports sampled while SCK is high. Interrupts are off for the pulse only
// (about 2 us): an ISR landing while SCK is high would stretch it, and past 60 us every
// HX711 powers down mid-read. Between pulses SCK is low, which the HX711 allows for any
// length, so pending ISRs (serial receive, Timer0, tilt edges) run there.
inline void pulseAndSample(uint8_t* dst) {
  const uint8_t sreg = SREG;
  cli();
  sckHigh();
  // DOUT is valid 0.1 us after the rising edge (T2); 4 cycles (0.25 us) also cover the
  // AVR input synchroniser and the SCK buffer's propagation delay.
  __builtin_avr_delay_cycles(4);
  samplePorts(dst);
  sckLow();
  SREG = sreg;
}

inline void pulse() {
  const uint8_t sreg = SREG;
  cli();
  sckHigh();
  __builtin_avr_delay_cycles(4);  // SCK high >= 0.2 us (T3)
  sckLow();
  SREG = sreg;
}

// Turns the 24 x 6 port snapshots into signed values, MSB first, for the cells that
// were ready; the others keep their last good reading.
void deinterleave(const uint8_t* timedOut) {
  uint8_t cell = 0;
  for (uint8_t p = 0; p < pins::kDoutPortCount; ++p) {
    for (uint8_t k = 0; k < pins::kCellsOnPort[p]; ++k, ++cell) {
      if ((timedOut[p] >> k) & 1) continue;
      const uint8_t mask = static_cast<uint8_t>(1u << (k + pins::kDoutShift[p]));
      uint32_t v = 0;
      for (uint8_t b = 0; b < kDataBits; ++b) {
        v <<= 1;
        if (raw[b][p] & mask) v |= 1;
      }
      if (v & 0x800000UL) v |= 0xFF000000UL;  // two's complement 24 -> 32 bits
      counts[cell] = static_cast<int32_t>(v);
    }
  }
}

bool anyAwaited() {
  for (uint8_t p = 0; p < pins::kDoutPortCount; ++p)
    if (awaited[p]) return true;
  return false;
}

void markAllTimedOut(Sample& out) {
  for (uint8_t p = 0; p < pins::kDoutPortCount; ++p)
    out.timedOut[p] = static_cast<uint8_t>(pins::kDoutMask[p] >> pins::kDoutShift[p]);
}

void stamp(Sample& out, uint32_t nowMs) {
  out.atMs = nowMs;
  lastSampleMs = nowMs;
  lastSampleUs = micros();
}

}  // namespace

void begin(uint32_t nowMs) {
  // DOUTs: inputs with pull-ups, on every pin of the table (a pin this board does not
  // use is then not left floating).
  DDRA = 0;
  PORTA = 0xFF;
  DDRC = 0;
  PORTC = 0xFF;
  DDRL = 0;
  PORTL = 0xFF;
  DDRK = 0;
  PORTK = 0xFF;
  DDRF = 0;
  PORTF = 0xFF;
  DDRH &= static_cast<uint8_t>(~pins::kDoutPinMaskH);
  PORTH |= pins::kDoutPinMaskH;
  // PF and PK double as ADC inputs; their digital input buffers must stay enabled.
  DIDR0 = 0;
  DIDR2 = 0;

  HX711_SCK_DDR |= _BV(pins::kSckBit);
  reset(nowMs);
}

void reset(uint32_t nowMs) {
  sckHigh();
  delayMicroseconds(100);  // > 60 us: every chip powers down
  sckLow();                // ... and restarts on channel A, gain 128, all in phase
  memset(counts, 0, sizeof counts);
  for (uint8_t p = 0; p < pins::kDoutPortCount; ++p) awaited[p] = pins::kDoutMask[p];
  settleUntilMs = nowMs + kSettleMs;
  lastSampleMs = nowMs;
  lastSampleUs = micros();
}

const int32_t* latest() { return counts; }

bool poll(uint32_t nowMs, Sample& out) {
  const bool periodOver = static_cast<uint32_t>(micros() - lastSampleUs) >= kPeriodUs;
  if (static_cast<int32_t>(nowMs - settleUntilMs) < 0) {
    // Settling: readings are not valid yet, but the stream keeps its rhythm.
    if (!periodOver) return false;
    markAllTimedOut(out);
    stamp(out, nowMs);
    return true;
  }

  uint8_t atStart[pins::kDoutPortCount];
  samplePorts(atStart);
  const bool waiting = anyAwaited();
  bool allReady = waiting;
  for (uint8_t p = 0; p < pins::kDoutPortCount; ++p)
    if (atStart[p] & awaited[p]) allReady = false;
  const bool late = waiting ? (nowMs - lastSampleMs) >= kLateMs : periodOver;
  if (!allReady && !late) return false;

  // Re-sample just before clocking so "ready" means ready at the first edge.
  samplePorts(atStart);
  for (uint8_t b = 0; b < kDataBits; ++b) pulseAndSample(raw[b]);
  for (uint8_t i = kDataBits; i < kPulsesPerSample; ++i) pulse();

  for (uint8_t p = 0; p < pins::kDoutPortCount; ++p) {
    const uint8_t busy = atStart[p] & pins::kDoutMask[p];
    out.timedOut[p] = static_cast<uint8_t>(busy >> pins::kDoutShift[p]);
    awaited[p] = static_cast<uint8_t>(pins::kDoutMask[p] & ~busy);
  }
  deinterleave(out.timedOut);
  stamp(out, nowMs);
  return true;
}

}  // namespace hx711
