// The bench's trivial bot module (docs/bot-modules.md): a legal move picked by a hash of the position's
// notation, so that its games are the same on every run and its time is all the host's.
const hash = (text) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

export default {
  name: 'hash',
  choose(_position, { legalMoves, notation }) {
    const moves = legalMoves();
    return moves[hash(notation) % moves.length];
  },
};
