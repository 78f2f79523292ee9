// A tic-tac-toe bot module that logs 30 lines of 20 MB each move, then plays the first free cell.
export default {
  name: 'logs-a-lot',
  choose(_position, { legalMoves, log }) {
    const line = 'x'.repeat(20 << 20);
    for (let i = 0; i < 30; i++) log(line, { i });
    return legalMoves()[0];
  },
};
