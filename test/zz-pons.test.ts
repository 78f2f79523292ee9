import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { NeuralNet, topColumn } from '../src/games/connect4/neural';
import { keepsValue, readLabelled } from '../src/games/connect4/labelled';
it('pons', async () => {
  const net = await NeuralNet.load(readFileSync(process.env.MODEL ?? 'src/games/connect4/neural.onnx'));
  const lines = readFileSync('test/data/connect4/pons-sample.txt', 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));
  const sets = ['L3_R1', 'L2_R1', 'L2_R2', 'L1_R1', 'L1_R2', 'L1_R3'];
  const setOf = new Map<string, string>();
  for (const set of sets) for (const l of readFileSync(`test/data/connect4/Test_${set}`, 'utf8').split('\n')) if (l) setOf.set(l.split(' ')[0], set);
  const tally = new Map<string, [number, number]>();
  for (const l of lines) {
    const [m, , ...c] = l.trim().split(/\s+/);
    const item = readLabelled(`${m} ${c.join(' ')}`)[0];
    const [{ policy }] = await net.evaluate([item.position]);
    const t = tally.get(setOf.get(m)!) ?? [0, 0];
    t[1]++;
    if (keepsValue(item, topColumn(item.position, policy))) t[0]++;
    tally.set(setOf.get(m)!, t);
  }
  console.log([...tally].map(([s, [k, n]]) => `${s} ${k}/${n}`).join(', '));
}, 600000);
