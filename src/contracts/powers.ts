// What only some games have, and what only some platforms give a search, as typed keys: a game lists the powers it
// has (its definition's `powers`), a worker the tools it can give (threads, a core of its own), and whoever needs
// one looks it up by its key. A new power is a new key here, not a new member of every game's type.
//
// A power's value is typed over erased positions and moves (the registry's games are erased too); its functions
// are declared as methods, so that a game gives them with its own types (TypeScript compares method parameters
// both ways).

import type { Iteration, ShareAnswer, ShareRequest, SolveOptions, SolveTools, ThreadTools } from './game';

export class Capability<T> {
  /** The value's type, for the compiler only. */
  declare readonly type: T;
  constructor(readonly name: string) {}
  /** The power as a game or a worker gives it. */
  is(value: T): Power {
    return { capability: this, value };
  }
}

export interface Power {
  readonly capability: Capability<unknown>;
  readonly value: unknown;
}

/** What has powers: a game, the tools a worker hands a search. */
export interface Powered {
  readonly powers?: readonly Power[];
}

/** The value of a power, or undefined when `owner` does not have it. */
export function powerOf<T>(owner: Powered, capability: Capability<T>): T | undefined {
  return owner.powers?.find((power) => power.capability === capability)?.value as T | undefined;
}

/** A one-player puzzle: no arena, no bots against each other, no ladder. */
export const solitaire = new Capability<true>('solitaire');

/** Whether a game is a puzzle for one. */
export function isSolitaire(game: Powered): boolean {
  return powerOf(game, solitaire) === true;
}

/** Ways to make a start (the 15-puzzle's walk, random, level), with what `difficulty` means for each. */
export interface Generators {
  readonly methods: readonly { readonly method: string; readonly difficulty: string }[];
  generate(
    method: string,
    difficulty: string | undefined,
    seed: number,
    resource: (name: string) => Promise<ArrayBuffer | null>,
    size?: number,
  ): Promise<unknown>;
}
export const generators = new Capability<Generators>('generators');

/** Points a move loses against the best move under perfect play, where that is quick to find (else null): the arena's records. */
export interface MoveLoss {
  loss(position: unknown, move: unknown, core: unknown): number | null;
}
export const moveLoss = new Capability<MoveLoss>('move loss');

/** A solver whose iterations several workers share (the 15-puzzle's IDA*): one share of one iteration. */
export interface SharedSearch {
  share(position: unknown, options: SolveOptions, share: ShareRequest, tools: SolveTools<unknown>): Promise<ShareAnswer>;
}
export const sharedSearch = new Capability<SharedSearch>('shared search');

/**
 * A solver with tables to make ready in a worker (the 15-puzzle's pattern databases, read from the cache or built),
 * reporting a build's progress: a page does it before it times a solve.
 */
export interface SolverTables {
  prepare(options: SolveOptions, tools: SolveTools<unknown>, progress?: (iteration: Iteration<unknown>) => void): Promise<void>;
}
export const solverTables = new Capability<SolverTables>('solver tables');

/**
 * How a run's games are judged against perfect play (runtime/judge.ts), for a solver that can judge them: the
 * options it solves their positions with, and whether it settles the positions of a game this size within a
 * review's budget, so that the arena, the lab and the ladder judge every run once played (a bigger board is
 * judged only when asked, `tournament --judge`).
 */
export interface Judging {
  judging(size: number | undefined): { readonly options: SolveOptions; readonly quick: boolean };
}
export const judging = new Capability<Judging>('judging');

/** A worker's search threads on one shared memory, where the platform has them (SolveTools', AnalyzeTools' powers). */
export const threads = new Capability<ThreadTools>('threads');

/**
 * A new instance of the game's core with a memory of its own, for a build that needs far more memory than the
 * tables it leaves (the 15-puzzle's 7-8 database): the worker's core keeps only the tables, and the build's memory
 * goes with the instance. A worker gives it to every solve.
 */
export const scratchCore = new Capability<() => Promise<unknown>>('scratch core');
