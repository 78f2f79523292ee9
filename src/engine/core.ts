// Instantiating a game core: the imports every core expects (a clock and abort).

export async function instantiateCore<Core>(module: WebAssembly.Module): Promise<Core> {
  let memory: WebAssembly.Memory | undefined;
  const instance = await WebAssembly.instantiate(module, {
    env: {
      now: () => performance.now(),
      abort(message: number, file: number, line: number, column: number): never {
        throw new Error(`core aborted: ${readString(memory, message)} at ${readString(memory, file)}:${line}:${column}`);
      },
    },
  });
  memory = instance.exports.memory as WebAssembly.Memory;
  return instance.exports as Core;
}

/** An AssemblyScript string: UTF-16 code units, its byte length stored just before it. */
function readString(memory: WebAssembly.Memory | undefined, pointer: number): string {
  if (!memory || !pointer) return '?';
  const bytes = new Uint32Array(memory.buffer, pointer - 4, 1)[0];
  return String.fromCharCode(...new Uint16Array(memory.buffer, pointer, bytes >>> 1));
}
