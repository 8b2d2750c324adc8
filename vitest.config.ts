import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The tests' own home for the files a command finds without being told (the match store,
 * the settings file): never the developer's, and empty at every run.
 */
const testHome = mkdtempSync(join(tmpdir(), 'senryaku-test-home-'));

/**
 * The end-to-end tests that run in real time (a pty, spawned CLIs) take most of the suite's
 * time but little CPU: they go first, so the rest runs beside them on the other worker
 * instead of after them.
 */
const REAL_TIME_FIRST = [
  'test/e2e/link-faults.test.ts',
  'test/e2e/kill-resume.test.ts',
  'test/e2e/drift.test.ts',
  'test/cli/referee.test.ts',
  'test/web/dashboard.browser.test.ts',
  'test/firmware-sim/scoreboard-firmata.test.ts',
];

/**
 * Three tiers, each a vitest project (`npm run test:unit`, `test:e2e`, `test:system`; `npm test`
 * runs all three): unit tests of one layer, in memory; end-to-end tests of the whole stack in
 * one process on a virtual clock; and system tests that start the real thing (the CLI as a
 * process, a pseudo-terminal, a broker, Chromium, the firmware in simavr, avr-gcc).
 */
const SYSTEM = [
  'test/cli/**/*.test.ts',
  'test/telemetry/**/*.test.ts',
  'test/web/**/*.test.ts',
  'test/firmware/**/*.test.ts',
  'test/firmware-sim/**/*.test.ts',
  'test/bench/**/*.test.ts',
  'test/hardware/sim/pty.test.ts',
  'test/hardware/sim/fault-proxy.test.ts',
  'test/hardware/speech/**/*.test.ts',
  'test/e2e/link-faults.test.ts',
  'test/e2e/port-session.test.ts',
  'test/e2e/recorded-journals.test.ts',
  'test/e2e/split-journal.test.ts',
  'test/e2e/kill-resume.test.ts',
  'test/e2e/engine-*.test.ts',
  'test/app/engine/*-process.test.ts',
];
const E2E = ['test/e2e/**/*.test.ts'];

class RealTimeFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification): number => {
      const i = REAL_TIME_FIRST.findIndex((name) => f.moduleId.endsWith(name));
      return i < 0 ? REAL_TIME_FIRST.length : i;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...SYSTEM, ...E2E] } },
      { extends: true, test: { name: 'e2e', include: E2E, exclude: SYSTEM } },
      { extends: true, test: { name: 'system', include: SYSTEM } },
    ],
    // Every test has a bound: hardware and simulator tests must never hang CI. It is a hang
    // bound, not a measurement: a test of a few seconds on an idle machine takes ten times that
    // at load 6-13 on 2 cores, and a CI run on a busy machine must not fail for timing.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    sequence: { sequencer: RealTimeFirst },
    // Vitest's default on 2 cores is one worker; the real-time files mostly wait on the clock,
    // so a second worker runs the CPU-bound files beside them.
    poolOptions: { forks: { minForks: 1, maxForks: 2 } },
    // The referee runs an MQTT broker on 127.0.0.1:1883 by default: tests never take that port
    // (the MQTT tests ask for a free one with --mqtt-listen).
    env: {
      SENRYAKU_MQTT_LISTEN: 'off',
      // Nor the dashboard's 127.0.0.1:8080 (the dashboard's tests ask for a free port with --http).
      SENRYAKU_HTTP: 'off',
      XDG_DATA_HOME: join(testHome, 'data'),
      XDG_CONFIG_HOME: join(testHome, 'config'),
    },
  },
});
