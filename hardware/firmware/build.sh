#!/usr/bin/env bash
# Builds the referee board firmware (Arduino Mega 2560) with plain avr-gcc against
# Debian's Arduino core: no IDE, no arduino-cli. Outputs build/<board>-referee.{elf,hex}
# and fails when flash or static RAM use leaves too little headroom.
#
# Usage: build.sh [--board NAME]   NAME is a file src/boards/NAME.h: senryaku (the
# default) or surakarta. Every source is compiled with -DBOARD_CONFIG="boards/NAME.h"
# (see src/board.h).
#
# Environment overrides: ARDUINO_CORE_DIR, ARDUINO_VARIANT_DIR, FIRMWARE_EXTRA_FLAGS
# (e.g. FIRMWARE_EXTRA_FLAGS=-DWELL_LEDS_FITTED=0 for a Senryaku board without well LEDs,
# -DWELL_LEDS_FITTED=1 for a Surakarta board with its 36 point LEDs).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src="$here/src"
out="$here/build"

boards=()
for f in "$src"/boards/*.h; do
  b="$(basename "$f" .h)"
  boards+=("$b")
done
board_list="$(printf '%s, ' "${boards[@]}")"
board_list="${board_list%, }"
usage="usage: build.sh [--board NAME] (boards: $board_list)"

board=senryaku
while [ "$#" -gt 0 ]; do
  case "$1" in
    --board)
      if [ "$#" -lt 2 ]; then
        echo "firmware build: --board needs a name ($board_list)" >&2
        exit 2
      fi
      board="$2"
      shift 2
      ;;
    --board=*)
      board="${1#--board=}"
      shift
      ;;
    -h | --help)
      echo "$usage"
      exit 0
      ;;
    *)
      echo "firmware build: unknown argument '$1'" >&2
      echo "$usage" >&2
      exit 2
      ;;
  esac
done
known=0
for b in "${boards[@]}"; do [ "$b" = "$board" ] && known=1; done
if [ "$known" -eq 0 ]; then
  echo "firmware build: unknown board '$board'; the boards are: $board_list" >&2
  exit 2
fi
# FIRMWARE_OUTPUT_NAME: another name for the outputs (a test build beside the real one).
name="${FIRMWARE_OUTPUT_NAME:-$board-referee}"

core="${ARDUINO_CORE_DIR:-/usr/share/arduino/hardware/arduino/avr/cores/arduino}"
variant="${ARDUINO_VARIANT_DIR:-/usr/share/arduino/hardware/arduino/avr/variants/mega}"

# Usable flash = 256 KiB minus the 8 KiB stk500v2 bootloader; SRAM 8 KiB.
flash_total=253952
ram_total=8192
flash_limit_pct=75
ram_limit_pct=60

missing=()
for tool in avr-gcc avr-g++ avr-gcc-ar avr-objcopy avr-size; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ! -f /usr/lib/avr/include/avr/io.h ] && [ ! -f /usr/avr/include/avr/io.h ]; then
  missing+=("avr-libc headers")
fi
if [ ! -f "$core/Arduino.h" ] || [ ! -f "$variant/pins_arduino.h" ]; then
  missing+=("Arduino AVR core ($core, $variant)")
fi
if [ "${#missing[@]}" -gt 0 ]; then
  {
    echo "firmware build: missing ${missing[*]}."
    echo "Install them with: sudo apt-get install -y --no-install-recommends gcc-avr avr-libc arduino-core-avr"
  } >&2
  exit 2
fi

mcu_flags=(-mmcu=atmega2560 -DF_CPU=16000000L -DARDUINO=10819 -DARDUINO_ARCH_AVR -DARDUINO_AVR_MEGA2560)
# A FRAME line is 218 bytes: the TX ring must hold a whole one so the main loop can queue
# it without waiting (the core's default is 64). RX stays at the 64 bytes PROTOCOL.md
# counts on. Core and sketch must agree, since the sizes shape HardwareSerial itself.
serial_defs=(-DSERIAL_TX_BUFFER_SIZE=256 -DSERIAL_RX_BUFFER_SIZE=64)
common=("${mcu_flags[@]}" "${serial_defs[@]}" -Os -ffunction-sections -fdata-sections -flto -I"$core" -I"$variant")
cflags=("${common[@]}" -std=gnu11)
cxxflags=("${common[@]}" -std=gnu++11 -fno-exceptions -fno-threadsafe-statics -DDECIMAL_DIG=__DECIMAL_DIG__)
# Our own code is held to warnings; the core is not ours to fix, and protocol.cpp belongs
# to the protocol module's owner (warnings shown, not fatal, so its edits cannot break us).
own_warnings=(-Wall -Wextra -Werror)
shared_warnings=(-Wall -Wextra)
# The board's configuration header (src/board.h includes it).
board_defs=("-DBOARD_CONFIG=\"boards/$board.h\"")
# shellcheck disable=SC2206
extra=(${FIRMWARE_EXTRA_FLAGS:-})

# Objects go to a private scratch directory, so two builds running at once (an editor
# and the test suite) never read each other's half-written files; only the finished
# .elf/.hex are moved into build/.
mkdir -p "$out"
work="$(mktemp -d "$out/.work.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/core" "$work/app"

for f in "$core"/*.c; do
  avr-gcc "${cflags[@]}" -w -c "$f" -o "$work/core/$(basename "$f").o"
done
for f in "$core"/*.cpp; do
  avr-g++ "${cxxflags[@]}" -w -c "$f" -o "$work/core/$(basename "$f").o"
done
for f in "$core"/*.S; do
  avr-gcc "${mcu_flags[@]}" -x assembler-with-cpp -I"$core" -I"$variant" -c "$f" -o "$work/core/$(basename "$f").o"
done
# An archive, not a list of objects: the linker then pulls only what is used (otherwise
# all four HardwareSerial ports and their buffers would sit in RAM). avr-gcc-ar keeps
# the LTO symbol index.
avr-gcc-ar rcs "$work/core.a" "$work"/core/*.o

shopt -s nullglob
app_objs=()
for f in "$src"/*.cpp; do
  o="$work/app/$(basename "$f").o"
  warnings=("${own_warnings[@]}")
  [ "$(basename "$f")" = protocol.cpp ] && warnings=("${shared_warnings[@]}")
  avr-g++ "${cxxflags[@]}" "${warnings[@]}" "${board_defs[@]}" "${extra[@]}" -c "$f" -o "$o"
  app_objs+=("$o")
done
for f in "$src"/*.c; do
  o="$work/app/$(basename "$f").o"
  avr-gcc "${cflags[@]}" "${own_warnings[@]}" "${board_defs[@]}" "${extra[@]}" -c "$f" -o "$o"
  app_objs+=("$o")
done
if [ "${#app_objs[@]}" -eq 0 ]; then
  echo "firmware build: no sources in $src" >&2
  exit 1
fi

avr-gcc "${mcu_flags[@]}" -Os -flto -fuse-linker-plugin -Wl,--gc-sections \
  -o "$work/$name.elf" "${app_objs[@]}" "$work/core.a" -lm
avr-objcopy -O ihex -R .eeprom "$work/$name.elf" "$work/$name.hex"
mv -f "$work/$name.elf" "$out/$name.elf"
mv -f "$work/$name.hex" "$out/$name.hex"

# Flash = .text + .data (initial values live in flash); static RAM = .data + .bss + .noinit.
read -r text data bss noinit < <(avr-size -A "$out/$name.elf" | awk '
  $1 == ".text" { t = $2 } $1 == ".data" { d = $2 } $1 == ".bss" { b = $2 } $1 == ".noinit" { n = $2 }
  END { print t + 0, d + 0, b + 0, n + 0 }')
flash=$((text + data))
ram=$((data + bss + noinit))
flash_pct=$((flash * 100 / flash_total))
ram_pct=$((ram * 100 / ram_total))

echo "board: $board"
echo "firmware: $out/$name.hex"
echo "flash: $flash / $flash_total bytes (${flash_pct}%), limit ${flash_limit_pct}%"
echo "ram:   $ram / $ram_total bytes (${ram_pct}%) static, limit ${ram_limit_pct}%"

status=0
if [ $((flash * 100)) -gt $((flash_total * flash_limit_pct)) ]; then
  echo "firmware build: flash use ${flash_pct}% is over the ${flash_limit_pct}% limit" >&2
  status=1
fi
if [ $((ram * 100)) -gt $((ram_total * ram_limit_pct)) ]; then
  echo "firmware build: static RAM use ${ram_pct}% is over the ${ram_limit_pct}% limit (the stack needs the rest)" >&2
  status=1
fi
exit "$status"
