/**
 * The build scripts of the simulator harness and the firmware (hardware/simavr/build.sh,
 * hardware/firmware/build.sh): only the tests and benches build them; the referee runs what
 * is built (src/hardware/avr/paths.ts says where it lies).
 */
import { REPO_ROOT } from '../../src/hardware/avr/index.ts';

export const HARNESS_BUILD_SCRIPT = `${REPO_ROOT}hardware/simavr/build.sh`;
export const FIRMWARE_BUILD_SCRIPT = `${REPO_ROOT}hardware/firmware/build.sh`;
