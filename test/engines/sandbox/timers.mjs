// Waits on a timer: the sandbox has none.
export default {
  name: 'timers',
  choose(_position, { legalMoves }) {
    return new Promise((resolve) => setTimeout(() => resolve(legalMoves()[0]), 10));
  },
};
