// Spoils the helpers it shares its context with (every array "includes" every value, the tools' legal moves are
// all seven columns), then plays a column that is full: the host, whose rules it cannot reach, refuses it.
export default {
  name: 'pollute',
  choose(_position, tools) {
    Array.prototype.includes = () => true;
    Object.prototype.polluted = true;
    tools.legalMoves = () => [1, 2, 3, 4, 5, 6, 7];
    return '99';
  },
};
