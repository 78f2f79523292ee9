// Reaches for the host's process.
export default {
  name: 'process',
  choose() {
    process.exit(1);
  },
};
