// People's bots (the My bots page), kept in IndexedDB: each bot with every version saved, oldest first, so a save
// never loses the code before it, and the last failure of a version in a game. What the store gives back is
// checked by a schema (anything may have been put there); an entry that is not a bot is listed as unreadable,
// with its reason, and can be deleted. Every change is told to the page's other tabs (a BroadcastChannel).

import * as v from 'valibot';
import { games } from '../../games';
import { playgroundDatabase } from '../database';
import type { BotLanguage } from './language';

/** A bot's code is at most this long: a bot module is a program, not a data file. */
export const MAX_CODE_CHARS = 256 * 1024;
/** Versions kept of one bot; past this the oldest go. */
export const MAX_VERSIONS = 100;

const ParamSchema = v.object({ name: v.string(), label: v.optional(v.string()), min: v.number(), max: v.number(), default: v.number() });

const VersionSchema = v.object({
  code: v.pipe(v.string(), v.maxLength(MAX_CODE_CHARS, `a bot's code is at most ${MAX_CODE_CHARS / 1024} KB`)),
  /** The language of the code (bots saved before there was a choice are JavaScript). */
  language: v.optional(v.picklist(['javascript', 'typescript'] satisfies BotLanguage[]), 'javascript'),
  savedAt: v.pipe(v.string(), v.isoTimestamp()),
  /** What the module said of itself when it was saved, if it loaded. */
  identity: v.optional(v.object({ name: v.string(), author: v.optional(v.string()), params: v.array(ParamSchema) })),
  /** Why it did not load, if it did not. */
  error: v.optional(v.string()),
  /** Its last failure in a game (an exception, naming its line), where and when. */
  failure: v.optional(v.object({ message: v.string(), where: v.string(), at: v.pipe(v.string(), v.isoTimestamp()) })),
});

const StoredBotSchema = v.object({
  /** The bot's id in configurations (`mine:depth=3`): a name that is none of the game's bots'. */
  id: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,39}$/, 'a bot id is a lowercase letter, then letters, digits or -')),
  game: v.picklist(Object.keys(games), 'the bot is of a game this playground does not have'),
  versions: v.pipe(v.array(VersionSchema), v.minLength(1, 'the bot has no version'), v.maxLength(MAX_VERSIONS)),
});

export type StoredBot = v.InferOutput<typeof StoredBotSchema>;
export type BotVersion = StoredBot['versions'][number];
export type BotEntry = StoredBot | { readonly id: string; readonly unreadable: string };

export function latestVersion(bot: StoredBot): BotVersion {
  return bot.versions.at(-1)!;
}

/** Every bot kept, by id, then the entries that are not bots. */
export async function listBots(): Promise<BotEntry[]> {
  const database = await playgroundDatabase();
  const bots: StoredBot[] = [];
  const unreadable: BotEntry[] = [];
  for (const key of await database.getAllKeys('bots')) {
    const parsed = v.safeParse(StoredBotSchema, await database.get('bots', key));
    if (parsed.success) bots.push(parsed.output);
    else unreadable.push({ id: String(key), unreadable: parsed.issues[0].message });
  }
  return [...bots.sort((a, b) => a.id.localeCompare(b.id)), ...unreadable];
}

/** Tells this page's other tabs (and this one's listeners) that the bots changed. */
const changes = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('ai-playground-bots');
const listeners = new Set<() => void>();
changes?.addEventListener('message', () => {
  for (const listener of listeners) listener();
});

/** Calls `listener` when another tab changes the bots; returns how to stop. */
export function onBotsChangedElsewhere(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  changes?.postMessage('bots');
}

/** Keeps a new version of a bot (a new bot when there is none under its id); the oldest go past MAX_VERSIONS. */
export async function saveVersion(id: string, game: string, version: BotVersion): Promise<StoredBot> {
  const database = await playgroundDatabase();
  const stored = v.safeParse(StoredBotSchema, await database.get('bots', id));
  const versions = [...(stored.success ? stored.output.versions : []), version].slice(-MAX_VERSIONS);
  const bot = v.parse(StoredBotSchema, { id, game, versions });
  await database.put('bots', bot);
  changed();
  return bot;
}

/** Keeps the last failure of a bot's latest version in a game (the My bots page marks its line). */
export async function recordFailure(id: string, message: string, where: string): Promise<void> {
  const database = await playgroundDatabase();
  const stored = v.safeParse(StoredBotSchema, await database.get('bots', id));
  if (!stored.success) return;
  const versions = [...stored.output.versions];
  versions[versions.length - 1] = { ...versions.at(-1)!, failure: { message, where, at: new Date().toISOString() } };
  await database.put('bots', { ...stored.output, versions });
  changed();
}

export async function deleteBot(id: string): Promise<void> {
  await (await playgroundDatabase()).delete('bots', id);
  changed();
}

/** An id for a new bot from its name: lowercase, with a number added when the game's bots or others have it. */
export function newBotId(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^[^a-z]+|-+$/g, '')
      .slice(0, 32) || 'mine';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}
