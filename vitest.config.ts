import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Every test has a bound: hardware and simulator tests must never hang CI.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
