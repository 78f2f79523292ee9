// Throws on its move: a crash named by its line.
export default {
  name: 'throws',
  choose() {
    throw new TypeError('this bot gives up');
  },
};
