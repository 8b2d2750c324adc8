#include "link.h"

#include <Arduino.h>

namespace link {
namespace {

ProtoEncoder encoder;
char tx[PROTO_TX_BUFFER_SIZE];

void write(size_t n) {
  if (n > 0) Serial.write(reinterpret_cast<const uint8_t*>(tx), n);
}

}  // namespace

void begin() {
  Serial.begin(kBaud);
  proto_encoder_init(&encoder);
}

void sendHello(const ProtoHello& hello) { write(proto_encode_hello(&encoder, &hello, tx, sizeof tx)); }
void sendAck(uint16_t id) { write(proto_encode_ack(&encoder, id, tx, sizeof tx)); }
void sendNak(uint16_t id, ProtoError code) { write(proto_encode_nak(&encoder, id, code, tx, sizeof tx)); }
void sendError(ProtoError code, int32_t arg) { write(proto_encode_error(&encoder, code, arg, tx, sizeof tx)); }
void sendTilt(uint32_t ms, uint8_t tilt) { write(proto_encode_tilt(&encoder, ms, tilt, tx, sizeof tx)); }

bool trySendFrame(uint32_t ms, uint8_t tilt, const int32_t* cells, uint8_t count, uint64_t stale) {
  // Encode on a copy of the counter and commit it only if the line goes out, so a
  // dropped frame leaves no gap in the sequence.
  ProtoEncoder trial = encoder;
  const size_t n = proto_encode_frame(&trial, ms, tilt, cells, count, stale, tx, sizeof tx);
  if (n == 0 || static_cast<size_t>(Serial.availableForWrite()) < n) return false;
  write(n);
  encoder = trial;
  return true;
}

}  // namespace link
