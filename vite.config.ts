// The app: index.html, the Lit pages and the search workers, built to dist/.
import { defineConfig } from 'vite';

export default defineConfig({
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
