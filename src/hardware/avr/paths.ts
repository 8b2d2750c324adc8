/**
 * Where the simulator harness and the firmware it runs lie once built (test/support/firmware-builds.ts
 * names the build scripts), relative to this checkout.
 */
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export const REPO_ROOT = repoRoot;
export const DEFAULT_HARNESS_PATH = `${repoRoot}hardware/simavr/build/senryaku-simavr`;
/** The scoring board's StandardFirmata, fetched by hardware/simavr/fetch-standard-firmata.sh. */
export const STANDARD_FIRMATA_FETCH_SCRIPT = `${repoRoot}hardware/simavr/fetch-standard-firmata.sh`;
export const standardFirmataHexPath = (): string => `${repoRoot}hardware/simavr/build/StandardFirmata-uno.hex`;
export const firmwareElfPath = (name = 'senryaku-referee'): string => `${repoRoot}hardware/firmware/build/${name}.elf`;
