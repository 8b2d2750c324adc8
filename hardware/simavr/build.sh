#!/usr/bin/env bash
# Builds the simavr harness (hardware/simavr/build/senryaku-simavr) against Debian's
# libsimavr-dev. pkg-config's simavr entry is broken on Debian (it wants libelf.pc), so
# the flags are spelled out.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ ! -f /usr/include/simavr/sim_avr.h ]; then
  echo "simavr harness: missing libsimavr-dev." >&2
  echo "Install it with: sudo apt-get install -y --no-install-recommends libsimavr-dev" >&2
  exit 2
fi
mkdir -p "$here/build"
tmp="$(mktemp "$here/build/.senryaku-simavr.XXXXXX")"
trap 'rm -f "$tmp"' EXIT
gcc -O2 -std=gnu11 -Wall -Wextra -Werror -I/usr/include/simavr \
  "$here"/main.c "$here"/pin_drive.c "$here"/uart_bridge.c "$here"/hx711.c "$here"/tilt.c "$here"/ws2812.c \
  "$here"/stack_paint.c "$here"/test_pins.c "$here"/control.c "$here"/max7219.c \
  -o "$tmp" -lsimavr -lutil
mv -f "$tmp" "$here/build/senryaku-simavr"
trap - EXIT
echo "simavr harness: $here/build/senryaku-simavr"
