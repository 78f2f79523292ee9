// A bot module whose choose fails at line 7 once the notation is 4 characters long (a tic-tac-toe board always).
export default {
  name: 'throws',
  choose(_position, { legalMoves, notation }) {
    if (notation.length >= 4) {
      const missing = undefined;
      return missing.column;
    }
    return legalMoves()[0];
  },
};
