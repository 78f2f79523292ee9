// Builds the sandbox's own code (src/engines/sandbox-prelude.ts: the games' rules and the bot-modules API) to one
// script, build/sandbox-prelude.js, which the sandbox of submitted bot modules runs inside QuickJS.
import { build } from 'vite';

await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    lib: { entry: 'src/engines/sandbox-prelude.ts', formats: ['iife'], name: 'sandboxPrelude', fileName: () => 'sandbox-prelude.js' },
    outDir: 'build',
    emptyOutDir: false,
    minify: false,
    target: 'es2020',
    // The registry brings every game's bots along; the learned Connect 4 player's runtime (imported on first use,
    // never in the sandbox) stays out: bundled, it made the prelude 38 MB.
    rolldownOptions: { external: [/^onnxruntime-web/] },
  },
});
console.log('sandbox: build/sandbox-prelude.js');
