// Referee board firmware, Arduino Mega 2560: the Senryaku board or the Surakarta sensor
// board, whichever board.h was built for (build.sh --board NAME).
//
// setup(): serial link, sensors, identity, boot HELLO. loop(): one pass serves, in
// order, the host's commands, the tilt switches if fitted (urgent, sent at once), the
// HX711 bank (a sample roughly every 12.5 ms feeds the frame stream) and paced error
// reports.
// Nothing in a pass waits for a sensor; the longest pass is an LED update (~1.6 ms) or a
// short line waiting for the TX ring. The watchdog resets a board whose loop stops.
#include <Arduino.h>
#include <avr/wdt.h>

#include "board_id.h"
#include "commands.h"
#include "entropy.h"
#include "frame_stream.h"
#include "hx711_bank.h"
#include "link.h"
#include "pins.h"
#include "protocol.h"
#include "test_hooks.h"
#include "tilt.h"
#include "well_leds.h"

namespace {

// Watchdog ticks (16 ms each) mixed into the boot id; the HX711s settle meanwhile.
constexpr uint8_t kJitterSamples = 8;
// Heartbeat on the Mega's LED: slow when every cell answers, fast when some do not.
constexpr uint16_t kBlinkHealthyMs = 500;
constexpr uint16_t kBlinkFaultMs = 100;
// A loop pass takes at most ~2 ms (an LED update); a pass 250 ms long is a hung loop,
// and the watchdog resets the board. The host sees a new boot id and resyncs.
constexpr uint8_t kWatchdogTimeout = WDTO_250MS;

hx711::Sample sample;
bool anyTimedOut = true;
uint32_t lastBlinkMs = 0;

uint8_t tiltBits() {
  return static_cast<uint8_t>((tilt::tipped(tilt::TowardWhite) ? PROTO_TILT_WHITE : 0) |
                              (tilt::tipped(tilt::TowardBlack) ? PROTO_TILT_BLACK : 0));
}

// The first real sample: its low bits are load-cell noise, good seed material.
void mixFirstSample() {
  const uint32_t giveUpMs = millis() + hx711::kSettleMs + 2 * hx711::kLateMs;
  while (static_cast<int32_t>(millis() - giveUpMs) < 0) {
    if (hx711::poll(millis(), sample) && millis() > hx711::kSettleMs) break;
  }
  const int32_t* counts = hx711::latest();
  for (uint8_t c = 0; c < pins::kCellCount; ++c) entropy::mix(static_cast<uint32_t>(counts[c]));
}

void heartbeat(uint32_t nowMs) {
  if (nowMs - lastBlinkMs < (anyTimedOut ? kBlinkFaultMs : kBlinkHealthyMs)) return;
  lastBlinkMs = nowMs;
  digitalWrite(pins::kStatusLedPin, !digitalRead(pins::kStatusLedPin));
}

}  // namespace

// Runs before the C++ runtime: after a watchdog reset the watchdog stays enabled at its
// shortest period, which would reset the board again before setup() got anywhere.
void disableWatchdogAtReset() __attribute__((naked, used, section(".init3")));
void disableWatchdogAtReset() {
  MCUSR = 0;
  wdt_disable();
}

void setup() {
  pinMode(pins::kStatusLedPin, OUTPUT);
  test_hooks::begin();
  link::begin();
  well_leds::begin();
  hx711::begin(millis());
  tilt::begin();
  frame_stream::begin();

  entropy::collectWatchdogJitter(kJitterSamples);
  mixFirstSample();
  const uint32_t bootId = entropy::value();
  board_id::begin(entropy::value());  // only used if the EEPROM holds no id yet

  commands::begin(bootId);
  commands::sendHello();  // seq 0000, not streaming, rate 80
  wdt_enable(kWatchdogTimeout);  // after the jitter collection, which borrows the watchdog
}

void loop() {
  wdt_reset();
  test_hooks::hangIfAsked();
  const uint32_t now = millis();
  commands::service(now);

  tilt::Change change;
  while (tilt::poll(now, change)) link::sendTilt(change.atMs, tiltBits());

  if (hx711::poll(now, sample)) {
    anyTimedOut = false;
    for (uint8_t p = 0; p < pins::kDoutPortCount; ++p)
      if (sample.timedOut[p]) anyTimedOut = true;
    frame_stream::onSample(sample, tiltBits());
  }

  frame_stream::service(now);
  heartbeat(now);
}
