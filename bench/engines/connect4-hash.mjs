#!/usr/bin/env node
// The bench's trivial Connect 4 engine (docs/engine-protocol.md): it plays a legal column picked by a hash of
// the position, so that its games are the same on every run and its time is all protocol.
import { createInterface } from 'node:readline';

const hash = (text) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
const say = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.type === 'hello') say({ name: 'hash', author: 'AI Playground bench' });
  else if (message.type === 'quit') process.exit(0);
  else if (message.type === 'move') {
    const heights = Array(7).fill(0);
    for (const digit of message.position) heights[Number(digit) - 1]++;
    const legal = [1, 2, 3, 4, 5, 6, 7].filter((column) => heights[column - 1] < 6);
    say({ move: String(legal[hash(message.position) % legal.length]) });
  }
});
