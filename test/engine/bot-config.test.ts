import { describe, expect, it } from 'vitest';
import { formatBotConfig, parseBotConfig } from '../../src/contracts/bot-config';
import { bots } from '../../src/games/tictactoe/bots';

describe('bot configurations', () => {
  it('fills in defaults and reads parameters', () => {
    expect(parseBotConfig(bots, 'minimax')).toEqual({ id: 'minimax', params: { depth: 2 } });
    expect(parseBotConfig(bots, 'minimax:depth=5')).toEqual({ id: 'minimax', params: { depth: 5 } });
    expect(parseBotConfig(bots, 'perfect')).toEqual({ id: 'perfect', params: {} });
  });

  it('writes only the parameters that differ from the defaults', () => {
    expect(formatBotConfig(bots, { id: 'minimax', params: { depth: 2 } })).toBe('minimax');
    expect(formatBotConfig(bots, { id: 'minimax', params: { depth: 7 } })).toBe('minimax:depth=7');
  });

  it.each([
    ['alphazero', 'unknown bot "alphazero": the bots are random, minimax, perfect'],
    ['minimax:depth=0', 'minimax depth=0 is out of range 1..9'],
    ['minimax:depth=10', 'minimax depth=10 is out of range 1..9'],
    ['minimax:depth=two', '"depth=two" in bot "minimax:depth=two" is not param=integer'],
    ['minimax:width=3', 'bot minimax has no parameter "width" (its parameters: depth)'],
    ['perfect:depth=3', 'bot perfect has no parameter "depth" (its parameters: none)'],
    ['minimax:depth=3:depth=4', 'parameter depth is given twice'],
  ])('refuses %s', (text, message) => {
    expect(() => parseBotConfig(bots, text)).toThrow(message);
  });
});
