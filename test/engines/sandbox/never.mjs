// Returns a promise that nothing settles.
export default {
  name: 'never',
  choose() {
    return new Promise(() => {});
  },
};
