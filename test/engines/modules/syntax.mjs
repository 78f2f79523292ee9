// A bot module that does not parse: line 5 has an operator with nothing after it.
export default {
  name: 'syntax',
  choose(position, { legalMoves }) {
    return legalMoves()[0] +;
  },
};
