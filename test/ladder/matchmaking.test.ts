// The matchmaker with entries that cannot all meet (engines that only the worker offering them can play): every
// pair drawn can play together, every entry that has someone to play is drawn, one with no one never is, and a
// ladder where no two can meet draws nothing.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import { type LadderEntry, nextPair } from '../../src/ladder/matchmaking';
import { NEW_SKILL } from '../../src/ladder/skill';

/** Where each entry plays: anywhere (our bots, modules), or only on one worker. */
const PLACES: Record<string, string> = { a: 'anywhere', b: 'anywhere', x1: 'x', x2: 'x', y1: 'y', z1: 'z' };
const entries: LadderEntry[] = Object.keys(PLACES).map((id, i) => ({ id, skill: { mu: NEW_SKILL.mu + i, sigma: NEW_SKILL.sigma }, games: i * 10 }));
const together = (p: LadderEntry, q: LadderEntry) => PLACES[p.id] === 'anywhere' || PLACES[q.id] === 'anywhere' || PLACES[p.id] === PLACES[q.id];

describe('the matchmaker', () => {
  it('draws only pairs that can play together, and every entry that can play', () => {
    const rng = new Rng(7);
    const drawn = new Map<string, number>();
    for (let i = 0; i < 4000; i++) {
      const [p, q] = nextPair(entries, rng, together)!;
      expect(p).not.toBe(q);
      expect(together(p, q)).toBe(true);
      for (const entry of [p, q]) drawn.set(entry.id, (drawn.get(entry.id) ?? 0) + 1);
    }
    expect([...drawn.keys()].sort()).toEqual(['a', 'b', 'x1', 'x2', 'y1', 'z1']);
    // Two workers' engines never meet; the same worker's do.
    const lone = entries.filter((entry) => ['y1', 'z1'].includes(entry.id));
    expect(nextPair(lone, rng, together)).toBeUndefined();
    const pair = nextPair(
      entries.filter((entry) => ['x1', 'x2', 'y1'].includes(entry.id)),
      rng,
      together,
    )!;
    expect(pair.map((entry) => entry.id).sort()).toEqual(['x1', 'x2']);
  });
});
