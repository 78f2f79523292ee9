// Instantiating a game core: the imports every core expects (a clock, abort, iteration reports, and for a
// threaded core its shared memory and a way to block until another thread changes a word of it).

/**
 * A core's exports as asc declares them in its bindings (build/<core>.d.ts, made with the core by `npm run build`),
 * as the instance gives them: a bool is an i32 both ways (0 or 1 back; true or false taken as 1 or 0).
 */
export type CoreExports<Bindings extends { instantiate(...args: never[]): Promise<object> }> = RawExports<Awaited<ReturnType<Bindings['instantiate']>>>;

type RawExports<E> = {
  readonly [K in keyof E]: E[K] extends (...args: infer A) => infer R
    ? (...args: { [I in keyof A]: A[I] extends boolean ? boolean | number : A[I] }) => R extends boolean ? number : R
    : E[K];
};

/** Receives a core's iteration reports: the depth (or iteration number), nodes and ms so far, score, move. */
export type IterationListener = (depth: number, nodes: number, ms: number, score: number, move: number) => void;

const listeners = new WeakMap<object, (listener: IterationListener | undefined) => void>();

/** `shared`: the memory a threaded core's build imports, the same for all its threads. */
export async function instantiateCore<Core>(module: WebAssembly.Module, shared?: WebAssembly.Memory): Promise<Core> {
  let memory: WebAssembly.Memory | undefined = shared;
  let listener: IterationListener | undefined;
  const instance = await WebAssembly.instantiate(module, {
    env: {
      ...(shared ? { memory: shared } : {}),
      now: () => performance.now(),
      /** Blocks while the 32-bit word at `address` holds `value` (another thread changes it and notifies). */
      waitWhileEqual: (address: number, value: number) => void Atomics.wait(new Int32Array(memory!.buffer), address >>> 2, value),
      iteration: (depth: number, nodes: number, ms: number, score: number, move: number) => listener?.(depth, nodes, ms, score, move),
      abort(message: number, file: number, line: number, column: number): never {
        throw new Error(`core aborted: ${readString(memory, message)} at ${readString(memory, file)}:${line}:${column}`);
      },
    },
  });
  memory = instance.exports.memory as WebAssembly.Memory;
  listeners.set(instance.exports, (next) => (listener = next));
  return instance.exports as Core;
}

/** Runs `work` with `listener` receiving the core's iteration reports (the core must export setReporting). */
export function withIterations<T>(core: object, listener: IterationListener, work: () => T): T {
  const set = listeners.get(core);
  const reporting = (core as { setReporting?: (on: number) => void }).setReporting;
  if (!set || !reporting) throw new Error('this core does not report iterations');
  set(listener);
  reporting(1);
  try {
    return work();
  } finally {
    reporting(0);
    set(undefined);
  }
}
/** An AssemblyScript string: UTF-16 code units, its byte length stored just before it. */
function readString(memory: WebAssembly.Memory | undefined, pointer: number): string {
  if (!memory || !pointer) return '?';
  const bytes = new Uint32Array(memory.buffer, pointer - 4, 1)[0];
  return String.fromCharCode(...new Uint16Array(memory.buffer, pointer, bytes >>> 1));
}
