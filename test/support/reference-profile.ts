/** The reference Senryaku board's profile file (hardware/profiles/), as the tests and benches read it. */
import { referenceProfilePath } from '../../src/app/open-board.ts';
import { SENRYAKU } from '../../src/games/senryaku/index.ts';

export const REFERENCE_PROFILE_PATH = referenceProfilePath(SENRYAKU);
