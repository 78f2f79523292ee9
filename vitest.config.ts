// Two projects: Node tests (rules, cores, workers, CLI) and Chromium tests (the built app, driven by
// playwright-core in Debian's chromium). `npm test` builds first: both use build/ and dist-node/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**', 'test/**/*.browser.test.ts'],
          testTimeout: 60_000,
          // A wait for something to happen (expect.poll) is bounded generously: it ends as soon as it happens,
          // and a loaded machine may take seconds where a quiet one takes milliseconds.
          expect: { poll: { timeout: 30_000 } },
          setupFiles: ['test/helpers/fresh-connections.ts'],
        },
      },
      {
        test: {
          name: 'chromium',
          include: ['test/browser/**/*.test.ts', 'test/**/*.browser.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A page's answer (a worker's search, a server round trip) can take seconds on a loaded machine.
          expect: { poll: { timeout: 30_000 } },
          fileParallelism: false,
          setupFiles: ['test/helpers/fresh-connections.ts'],
        },
      },
    ],
  },
});
