// Node bundles (Node 20 cannot run TypeScript in worker threads): the CLI, the benchmarks, the search worker, the
// bot module workers (a module's own, and the sandbox of submitted ones), the server and the build scripts, built to dist-node/ side by side, with build/ (the cores) beside dist-node/.
import { defineConfig } from 'vite';

export default defineConfig({
  // Kysely and openskill (with ramda) ship as hundreds of small modules: bundled, the lab's first request reads one file, not hundreds at
  // once (which ran out of file descriptors under a server's descriptor limit).
  ssr: { noExternal: ['kysely', 'kysely-pglite-dialect', 'openskill', 'ramda'] },
  build: {
    ssr: true,
    outDir: 'dist-node',
    target: 'node20',
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        cli: 'src/cli/main.ts',
        bench: 'bench/main.ts',
        worker: 'workers/node.ts',
        'thread-helper': 'workers/thread-helper-node.ts',
        'bot-worker': 'workers/bot-node.ts',
        'bot-sandbox': 'workers/bot-sandbox-node.ts',
        server: 'src/server/main.ts',
        'connect4-book': 'scripts/build-connect4-book.ts',
        'puzzle15-levels': 'scripts/build-puzzle15-levels.ts',
        openings: 'scripts/build-openings.ts',
        'connect4-positions': 'scripts/connect4-positions.ts',
        'fit-cards-opponent': 'scripts/fit-cards-opponent.ts',
        'cards-hidden-price': 'scripts/cards-hidden-price.ts',
        'compare-c4': 'scripts/compare-c4.ts',
      },
      output: {
        format: 'es',
        entryFileNames: '[name].mjs',
        chunkFileNames: '[name].mjs',
      },
    },
  },
});
