import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The integration tests' CLI runs change the local test cluster: their hbase shell is this project's launcher.
const localShell = JSON.stringify([process.execPath, fileURLToPath(new URL('./scripts/hbase/shell.mjs', import.meta.url))]);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/integration/**'],
          // Speed is measured in bench/, not by timeouts: a CLI run taking 2 s alone can take 8 s on a loaded 2-core machine.
          testTimeout: 30_000,
          // Vitest's default (one worker fewer than the cores) runs the files one at a time on 2 cores, though many
          // of them mostly wait on child processes and sockets: two at a time there takes about 3 minutes, not 5.
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          env: { HBASE_HOTSPOT_SHELL: localShell },
        },
      },
    ],
  },
});
