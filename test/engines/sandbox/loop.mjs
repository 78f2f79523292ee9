// Loops for ever: the sandbox's interrupt ends its move at its time.
export default {
  name: 'loop',
  choose() {
    for (;;) {}
  },
};
