/*
 * Prints what a board build announces, from its configuration header (src/board.h and
 * the src/boards/NAME.h it includes) through the same board::describe() the firmware's
 * HELLO uses, encoded by the protocol module. Built with the host's g++:
 *
 *   g++ -std=gnu++11 -Wall -Wextra -Werror -Ihardware/firmware/src \
 *       '-DBOARD_CONFIG="boards/surakarta.h"' \
 *       hardware/firmware/test/board_hello_test.cpp hardware/firmware/src/protocol.cpp \
 *       -o /tmp/board_hello_test
 *
 * Output, one line each: the boot HELLO (firmware 1.0.0, board id 2A, boot id DEADBEEF,
 * rate 80), then "frame <bytes>", the length of a FRAME of every cell (PROTOCOL.md 7).
 * test/firmware/board-config.test.ts runs it for every board. Exit code 1 if the
 * protocol module refused to encode either line.
 */
#include <stdio.h>

#include "board.h"
#include "protocol.h"

int main() {
  ProtoEncoder enc;
  proto_encoder_init(&enc);
  char tx[PROTO_TX_BUFFER_SIZE];

  ProtoHello hello;
  hello.firmware_version = "1.0.0";
  hello.board_id = 0x2A;
  hello.boot_id = 0xDEADBEEF;
  hello.sample_rate_hz = 80;
  board::describe(hello);
  const size_t helloLen = proto_encode_hello(&enc, &hello, tx, sizeof tx);
  if (helloLen < 2) return 1;
  printf("%.*s\n", static_cast<int>(helloLen - 2), tx);

  int32_t cells[board::kCellCount] = {0};
  const size_t frameLen = proto_encode_frame(&enc, 0, 0, cells, board::kCellCount, 0, tx, sizeof tx);
  if (frameLen == 0) return 1;
  printf("frame %u\n", static_cast<unsigned>(frameLen));
  return 0;
}
