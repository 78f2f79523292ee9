// comlink ships its Node adapter without types for this ESM path (TOOLCHAIN pitfall 4).
declare module 'comlink/dist/esm/node-adapter.mjs' {
  import type { Endpoint } from 'comlink';
  export default function nodeEndpoint(nep: unknown): Endpoint;
}
