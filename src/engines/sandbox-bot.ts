// A bot module submitted by someone else, run in a sandbox: QuickJS, a JavaScript engine compiled to
// WebAssembly, inside the worker (a worker thread of its own, as any bot module's: module-engine.ts is the host's
// side). The module's context holds nothing but the sandbox's own code (build/sandbox-prelude.js: the games' rules
// and the bot-modules API) and the module: no host object, no `import` (no module loader), no `fetch`, `require`,
// `process` or timers. Only text crosses: the position and the request in, the identity and the answer out, read
// through their schemas by the host. Its memory is capped, and its time too: an interrupt ends a move (or its
// loading) past its limit, however the code loops.
//
// The cap is the WebAssembly memory QuickJS runs in, made here with a maximum: QuickJS's own limit
// (setMemoryLimit) counts allocations wrongly when built with Emscripten and lets many small ones through
// (quickjs-emscripten issues 255 and 271), but memory that cannot grow is an allocation that fails, which QuickJS
// throws as "out of memory". One QuickJS instance, and so one cap, a worker: a worker runs one module.

import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { newQuickJSWASMModuleFromVariant, newVariant, shouldInterruptAfterDeadline } from 'quickjs-emscripten-core';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { BotModuleError, type BotModuleIdentity, type BotWorkerApi, type ChooseAnswer, type ChooseRequest, REPORTS_END } from './bot-shape';

/** The memory of a module's QuickJS (the engine, the sandbox's code and the module's own), its stack, and the time it has to load. */
export const SANDBOX_MEMORY_BYTES = 64 << 20;
/** What QuickJS's Emscripten build starts with (its INITIAL_MEMORY). */
const INITIAL_MEMORY_BYTES = 16 << 20;
const PAGE_BYTES = 64 << 10;
const STACK_BYTES = 1 << 20;
const LOAD_MS = 5000;
/** The longest text an answer may be. */
const MAX_ANSWER_CHARS = 1 << 20;

/** A move (or a load) ended by the sandbox's interrupt, past its time: the host counts it as the engine's time. */
export class SandboxTimeLimit extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxTimeLimit';
  }
}

let quickjs: Promise<QuickJSWASMModule> | undefined;
const loadQuickJS = () =>
  (quickjs ??= newQuickJSWASMModuleFromVariant(
    newVariant(variant, { wasmMemory: new WebAssembly.Memory({ initial: INITIAL_MEMORY_BYTES / PAGE_BYTES, maximum: SANDBOX_MEMORY_BYTES / PAGE_BYTES }) }),
  ));

interface Loaded {
  readonly runtime: QuickJSRuntime;
  readonly vm: QuickJSContext;
  /** The sandbox's API object (its global name removed once taken). */
  readonly api: QuickJSHandle;
}

/** What a QuickJS exception says: `Name: message`, the module's line in the stack where there is one. */
function thrown(vm: QuickJSContext, error: QuickJSHandle, what: string): Error {
  const dumped = vm.dump(error) as { name?: string; message?: string; stack?: string } | string | null;
  error.dispose();
  const name = typeof dumped === 'object' && dumped?.name ? dumped.name : 'Error';
  const message = typeof dumped === 'object' && dumped ? (dumped.message ?? String(dumped)) : String(dumped);
  // Named by QuickJS, or by the sandbox's code around the module's (`line 6: InternalError: out of memory`).
  if (/\binterrupted$/.test(message)) return new SandboxTimeLimit(`${what} ran past its time`);
  if (/\bout of memory$/.test(message) || dumped === null)
    return new BotModuleError(`${what} ran out of memory (the sandbox's ${SANDBOX_MEMORY_BYTES >> 20} MB)`);
  // A BotModuleError made inside already names its line; an error of the module's code is named by its stack.
  if (name === 'BotModuleError') return new BotModuleError(message);
  const line = typeof dumped === 'object' && dumped?.stack ? /bot\.mjs:(\d+)/.exec(dumped.stack)?.[1] : undefined;
  return new BotModuleError(`${name}: ${message}`, line ? Number(line) : undefined);
}

/**
 * Settles a value that may be a promise: the runtime's pending jobs are run (within the interrupt's deadline),
 * and a promise nothing can settle any more is an error (the sandbox has no timers or I/O to settle it later).
 */
function settle(loaded: Loaded, handle: QuickJSHandle, what: string): QuickJSHandle {
  const { runtime, vm } = loaded;
  for (;;) {
    const ran = runtime.executePendingJobs();
    if (ran.error) {
      handle.dispose();
      throw thrown(vm, ran.error, what);
    }
    if (ran.value === 0) break;
  }
  const state = vm.getPromiseState(handle);
  if (state.type === 'pending') {
    handle.dispose();
    throw new BotModuleError(`${what} never settles: it waits on a promise nothing in the sandbox can resolve`);
  }
  if (state.type === 'rejected') {
    handle.dispose();
    throw thrown(vm, state.error, what);
  }
  if (state.value !== handle) handle.dispose();
  return state.value;
}

/** Calls a method of the sandbox's API with text arguments (and handles); its answer as text. */
function call(loaded: Loaded, method: string, what: string, ...args: (string | QuickJSHandle)[]): string {
  const { vm, api } = loaded;
  const handles = args.map((arg) => (typeof arg === 'string' ? vm.newString(arg) : arg));
  const fn = vm.getProp(api, method);
  const result = vm.callFunction(fn, api, ...handles);
  fn.dispose();
  for (const [i, arg] of args.entries()) if (typeof arg === 'string') handles[i].dispose();
  if (result.error) throw thrown(vm, result.error, what);
  const value = settle(loaded, result.value, what);
  const text = vm.typeof(value) === 'string' ? vm.getString(value) : undefined;
  value.dispose();
  if (text === undefined || text.length > MAX_ANSWER_CHARS) throw new BotModuleError(`${what} answered something that is not the sandbox's answer`);
  return text;
}

/** The worker's API (Comlink), as a bot module's worker has (bot-module.ts): one module per worker, loaded once. */
export function createSandboxBotApi(prelude: string): BotWorkerApi {
  let loaded: Loaded | undefined;
  return {
    async load(_url: string, source: string, gameId: string): Promise<BotModuleIdentity> {
      const runtime = (await loadQuickJS()).newRuntime();
      runtime.setMaxStackSize(STACK_BYTES);
      runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + LOAD_MS));
      const vm = runtime.newContext();
      vm.unwrapResult(vm.evalCode(prelude, 'sandbox-prelude.js')).dispose();
      const api = vm.getProp(vm.global, 'sandbox');
      vm.unwrapResult(vm.evalCode('delete globalThis.sandbox')).dispose();
      loaded = { runtime, vm, api };
      const evaluated = vm.evalCode(source, 'bot.mjs', { type: 'module', strict: true });
      if (evaluated.error) throw thrown(vm, evaluated.error, 'the module');
      const exports = settle(loaded, evaluated.value, 'the module');
      const exported = vm.getProp(exports, 'default');
      exports.dispose();
      try {
        return JSON.parse(call(loaded, 'load', 'the module', exported, gameId)) as BotModuleIdentity;
      } finally {
        exported.dispose();
      }
    },
    /** Past the request's `limitMs` the interrupt ends the move. (No live reports: the answer carries the last.) */
    async choose(request: ChooseRequest, reports?: MessagePort): Promise<ChooseAnswer> {
      try {
        if (!loaded) throw new Error('no bot module is loaded');
        loaded.runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + (request.limitMs ?? request.ms)));
        return JSON.parse(call(loaded, 'choose', 'its move', JSON.stringify(request))) as ChooseAnswer;
      } finally {
        reports?.postMessage(REPORTS_END);
        reports?.close();
      }
    },
  };
}
