// The app: index.html, the Lit pages and the search workers, built to dist/.
import { defineConfig } from 'vite';

/**
 * Cross-origin isolation, as the playground's server sends it: a page needs it for shared memory (the Connect 4
 * solver's threads); without it the page searches with one thread and says so.
 */
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default defineConfig({
  server: { headers: ISOLATION },
  preview: { headers: ISOLATION },
  build: {
    outDir: 'dist',
    target: 'es2022',
    chunkSizeWarningLimit: 1000,
    // Every asset a file of its own, never a data: URL: the server's Content-Security-Policy lets a worker fetch
    // only from the app's origin (the tic-tac-toe core is small enough to be inlined otherwise).
    assetsInlineLimit: 0,
  },
  worker: {
    format: 'es',
  },
});
