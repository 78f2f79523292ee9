// A bot module that never answers: its worker must be ended and the game forfeited on time.
export default {
  name: 'loops',
  choose() {
    for (;;) {}
  },
};
