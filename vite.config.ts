// The app: index.html, the Lit pages and the search workers, built to dist/.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    outDir: 'dist',
    target: 'es2022',
    chunkSizeWarningLimit: 1000,
  },
  worker: {
    format: 'es',
  },
});
