// Time controls against their definition: a fixed time per move, a clock with an increment, both; the margin is
// a tolerance that is not given back.

import { describe, expect, it } from 'vitest';
import { describeTimeControl, GameClock, TIME_MARGIN_MS } from '../../src/arena/time-control';

describe('a game clock', () => {
  it('without a clock gives each move the fixed time, or none, and never runs out', () => {
    expect(new GameClock({ moveMs: 200 }).moveTime(0)).toEqual({ ms: 200, limitMs: 200 });
    const none = new GameClock({});
    expect(none.moveTime(1)).toEqual({ ms: 0, limitMs: 0 });
    expect(none.spend(1, 1e9)).toBe(true);
  });

  it('with a clock gives a twentieth of what is left and most of the increment, limited by what is left', () => {
    const clock = new GameClock({ clockMs: 10_000, incrementMs: 100 });
    expect(clock.moveTime(0)).toEqual({ ms: 580, limitMs: 10_000, clockMs: 10_000, incrementMs: 100 });
    expect(clock.spend(0, 3000)).toBe(true);
    expect(clock.clock(0)).toBe(7100);
    expect(clock.clock(1)).toBe(10_000);
    expect(new GameClock({ clockMs: 10_000, moveMs: 300 }).moveTime(0)).toEqual({ ms: 300, limitMs: 300, clockMs: 10_000, incrementMs: 0 });
  });

  it('runs out past the margin, which is not given back', () => {
    const clock = new GameClock({ clockMs: 1000 });
    expect(clock.spend(0, 1000 + TIME_MARGIN_MS)).toBe(true);
    expect(clock.clock(0)).toBe(-TIME_MARGIN_MS);
    expect(clock.moveTime(0).limitMs).toBe(1);
    expect(clock.spend(0, 1)).toBe(false);
  });

  it('is described in words', () => {
    expect(describeTimeControl({})).toBe('no time limit');
    expect(describeTimeControl({ moveMs: 200 })).toBe('200 ms a move');
    expect(describeTimeControl({ clockMs: 60_000, incrementMs: 500 })).toBe('60 s a game + 0.5 s a move');
  });
});
