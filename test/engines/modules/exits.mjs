// A bot module that ends its own worker thread once the notation is 2 characters long.
export default {
  name: 'exits',
  choose(_position, { notation, legalMoves }) {
    if (notation.length >= 2) process.exit(3);
    return legalMoves()[0];
  },
};
