// A tic-tac-toe bot module that always takes the first cell: an illegal move by its second move at the latest.
export default {
  name: 'same-cell',
  choose() {
    return '0';
  },
};
