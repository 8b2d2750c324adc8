#include "frame_stream.h"

#include <string.h>

#include "link.h"
#include "pins.h"

namespace frame_stream {
namespace {

constexpr uint8_t kSampleRateHz = 80;
constexpr uint16_t kSensorErrorSpacingMs = 50;
constexpr uint16_t kOverrunErrorSpacingMs = 1000;

bool on = false;
uint8_t rateHz = kDefaultRateHz;
uint8_t samplesPerFrame = 1;

// The period being gathered.
uint8_t samplesInPeriod = 0;
uint32_t periodStartMs = 0;
uint8_t staleInPeriod[pins::kDoutPortCount];  // AND of the samples' timed-out masks

uint8_t staleRun[pins::kCellCount];              // consecutive stale periods, saturating
uint8_t sensorReported[pins::kDoutPortCount];    // ERR SENSOR sent, cell not yet recovered
uint8_t sensorPending[pins::kDoutPortCount];     // ERR SENSOR due, not yet sent
uint32_t lastSensorErrorMs = 0;
bool overrunPending = false;
uint32_t lastOverrunErrorMs = 0;

void openPeriod() {
  samplesInPeriod = 0;
  memset(staleInPeriod, 0xFF, sizeof staleInPeriod);
}

uint64_t staleMask() {
  uint64_t mask = 0;
  for (uint8_t p = 0; p < pins::kDoutPortCount; ++p) {
    const uint8_t cellsHere = static_cast<uint8_t>(staleInPeriod[p] & ((1u << pins::kCellsOnPort[p]) - 1));
    mask |= static_cast<uint64_t>(cellsHere) << (8 * p);
  }
  return mask;
}

void trackSensors() {
  for (uint8_t cell = 0; cell < pins::kCellCount; ++cell) {
    const uint8_t byte = cell >> 3;
    const uint8_t bit = static_cast<uint8_t>(1u << (cell & 7));
    if (!(staleInPeriod[byte] & bit)) {
      staleRun[cell] = 0;
      sensorReported[byte] &= static_cast<uint8_t>(~bit);
      sensorPending[byte] &= static_cast<uint8_t>(~bit);
      continue;
    }
    if (staleRun[cell] < 255) ++staleRun[cell];
    if (staleRun[cell] >= kStalePeriodsForSensorError && !(sensorReported[byte] & bit)) {
      sensorReported[byte] |= bit;
      sensorPending[byte] |= bit;
    }
  }
}

void closePeriod(uint8_t tilt) {
  trackSensors();
  if (on && !link::trySendFrame(periodStartMs, tilt, hx711::latest(), pins::kCellCount, staleMask()))
    overrunPending = true;
  openPeriod();
}

}  // namespace

void begin() {
  memset(staleRun, 0, sizeof staleRun);
  memset(sensorReported, 0, sizeof sensorReported);
  memset(sensorPending, 0, sizeof sensorPending);
  setRate(kDefaultRateHz);
}

void start() {
  on = true;
  openPeriod();  // the first frame covers a whole period after the ACK
}

void stop() { on = false; }
bool streaming() { return on; }

bool setRate(uint8_t hz) {
  if (hz != 10 && hz != 20 && hz != 40 && hz != 80) return false;
  rateHz = hz;
  samplesPerFrame = static_cast<uint8_t>(kSampleRateHz / hz);
  openPeriod();
  return true;
}

uint8_t rate() { return rateHz; }

void restartPeriod() {
  memset(staleRun, 0, sizeof staleRun);
  openPeriod();
}

void onSample(const hx711::Sample& sample, uint8_t tilt) {
  if (samplesInPeriod == 0) periodStartMs = sample.atMs;
  for (uint8_t p = 0; p < pins::kDoutPortCount; ++p) staleInPeriod[p] &= sample.timedOut[p];
  if (++samplesInPeriod >= samplesPerFrame) closePeriod(tilt);
}

void service(uint32_t nowMs) {
  if (nowMs - lastSensorErrorMs >= kSensorErrorSpacingMs) {
    for (uint8_t cell = 0; cell < pins::kCellCount; ++cell) {
      const uint8_t bit = static_cast<uint8_t>(1u << (cell & 7));
      if (!(sensorPending[cell >> 3] & bit)) continue;
      sensorPending[cell >> 3] &= static_cast<uint8_t>(~bit);
      link::sendError(PROTO_ERR_SENSOR, cell);
      lastSensorErrorMs = nowMs;
      break;
    }
  }
  if (overrunPending && nowMs - lastOverrunErrorMs >= kOverrunErrorSpacingMs) {
    overrunPending = false;
    link::sendError(PROTO_ERR_OVERRUN, PROTO_NO_ARG);
    lastOverrunErrorMs = nowMs;
  }
}

}  // namespace frame_stream
