// Allocates without end, 16 MB at a time: the sandbox's memory cap stops it.
export default {
  name: 'allocate',
  choose() {
    const kept = [];
    for (;;) kept.push(new Uint8Array(16 << 20).fill(1));
  },
};
