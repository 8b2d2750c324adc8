#include "commands.h"

#include <Arduino.h>

#include "board.h"
#include "board_id.h"
#include "frame_stream.h"
#include "hx711_bank.h"
#include "link.h"
#include "protocol.h"
#include "well_leds.h"

#ifndef FIRMWARE_VERSION
#define FIRMWARE_VERSION "1.0.0"
#endif

namespace commands {
namespace {

ProtoLineReader reader;
uint32_t boot = 0;

// The answer to a command that decoded cleanly: PROTO_OK means ACK.
ProtoError carryOut(const ProtoCommand& cmd, uint32_t nowMs) {
  switch (cmd.type) {
    case PROTO_CMD_PING:
    case PROTO_CMD_HELLO:  // the HELLO line itself follows the ACK
      return PROTO_OK;
    case PROTO_CMD_START:
      frame_stream::start();
      return PROTO_OK;
    case PROTO_CMD_STOP:
      frame_stream::stop();
      return PROTO_OK;
    case PROTO_CMD_RATE:
      return frame_stream::setRate(cmd.rate_hz) ? PROTO_OK : PROTO_ERR_BADARG;
    case PROTO_CMD_SETID:
      return board_id::set(cmd.board_id) ? PROTO_OK : PROTO_ERR_EEPROM;
    case PROTO_CMD_LED:
      if (!well_leds::fitted()) return PROTO_ERR_NOLEDS;
      if (cmd.well >= well_leds::count()) return PROTO_ERR_BADARG;
      well_leds::set(cmd.well, cmd.r, cmd.g, cmd.b);
      well_leds::show();
      return PROTO_OK;
    case PROTO_CMD_LEDALL:
    case PROTO_CMD_LEDCLR:
      if (!well_leds::fitted()) return PROTO_ERR_NOLEDS;
      if (cmd.type == PROTO_CMD_LEDALL)
        well_leds::setAll(cmd.r, cmd.g, cmd.b);
      else
        well_leds::setAll(0, 0, 0);
      well_leds::show();
      return PROTO_OK;
    case PROTO_CMD_CELLRST:
      hx711::reset(nowMs);
      frame_stream::restartPeriod();
      return PROTO_OK;
    case PROTO_CMD_NONE:
      break;
  }
  return PROTO_ERR_UNKNOWN;
}

void handleLine(uint32_t nowMs) {
  ProtoCommand cmd;
  const ProtoError decoded = proto_decode_command(reader.line, reader.len, &cmd);
  if (decoded != PROTO_OK) {
    // Before the sequence number checked out there is no command id to NAK.
    if (cmd.id_valid)
      link::sendNak(cmd.id, decoded);
    else
      link::sendError(decoded, PROTO_NO_ARG);
    return;
  }
  const ProtoError result = carryOut(cmd, nowMs);
  if (result != PROTO_OK) {
    link::sendNak(cmd.id, result);
    return;
  }
  link::sendAck(cmd.id);
  if (cmd.type == PROTO_CMD_HELLO) sendHello();
}

}  // namespace

void begin(uint32_t bootId) {
  boot = bootId;
  proto_reader_init(&reader);
}

void service(uint32_t nowMs) {
  while (Serial.available() > 0) {
    switch (proto_reader_feed(&reader, static_cast<char>(Serial.read()))) {
      case PROTO_LINE_NONE:
        break;
      case PROTO_LINE_TOOLONG:
        link::sendError(PROTO_ERR_TOOLONG, PROTO_NO_ARG);
        break;
      case PROTO_LINE_READY:
        handleLine(nowMs);
        break;
    }
  }
}

void sendHello() {
  ProtoHello hello;
  hello.firmware_version = FIRMWARE_VERSION;
  hello.board_id = board_id::get();
  hello.boot_id = boot;
  board::describe(hello);  // cells, tilt switches and LEDs of the board built for
  hello.sample_rate_hz = frame_stream::rate();
  link::sendHello(hello);
}

}  // namespace commands
