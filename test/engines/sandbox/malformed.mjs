// Answers something that is no move.
export default {
  name: 'malformed',
  choose() {
    return { column: 3 };
  },
};
