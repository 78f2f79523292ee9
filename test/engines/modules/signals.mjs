// A tic-tac-toe bot module that tries to stop the run it plays in: SIGTERM to its own process.
export default {
  name: 'signals',
  choose(_position, { legalMoves }) {
    process.kill(process.pid, 'SIGTERM');
    return legalMoves()[0];
  },
};
