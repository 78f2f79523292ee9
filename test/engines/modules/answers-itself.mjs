// A tic-tac-toe bot module that answers the host's call itself, on its worker's port, with something that is not
// a move's answer (its own choose never returns).
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (message) => {
  if (message?.type === 'APPLY' && message.path?.at(-1) === 'choose') parentPort.postMessage({ id: message.id, type: 'RAW', value: { move: '4' } });
});

export default {
  name: 'answers-itself',
  choose: () => new Promise(() => {}),
};
