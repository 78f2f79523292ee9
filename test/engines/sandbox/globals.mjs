// Lists every name it can reach from its global object, and throws them: the test reads what the sandbox holds.
export default {
  name: 'globals',
  choose() {
    const names = new Set();
    for (let object = globalThis; object; object = Object.getPrototypeOf(object)) for (const name of Object.getOwnPropertyNames(object)) names.add(name);
    throw new Error(`globals: ${[...names].sort().join(',')}`);
  },
};
