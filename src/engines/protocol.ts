// The engine protocol, version 1 (docs/engine-protocol.md): JSON lines over an engine's standard input and
// output. The host writes one object per line and the engine answers one per line; fields a side does not know
// are ignored, so the protocol can grow. Both sides' messages are valibot schemas, which also give their types.

import * as v from 'valibot';

export const PROTOCOL_VERSION = 1;

const seat = v.union([v.literal(0), v.literal(1)]);
/** A number that is one: JSON reads 1e999 as Infinity, which a run file could not keep (it would write null). */
const finite = v.pipe(v.number(), v.finite());
const params = v.record(v.string(), finite);

/** What the host sends. */
const HostMessageSchema = v.variant('type', [
  /** `size`: the board size of the games to come, for games that have sizes (Connect 4's `6x5`). */
  v.object({ type: v.literal('hello'), protocol: finite, game: v.string(), size: v.optional(v.string()) }),
  v.object({ type: v.literal('newgame'), seat, params: v.optional(params, {}) }),
  /** `ms`: the time the engine should spend on this move (0: no limit); with a clock, `clock` is what is left and `increment` what each move adds. */
  v.object({
    type: v.literal('move'),
    position: v.string(),
    ms: v.optional(v.pipe(finite, v.minValue(0)), 0),
    clock: v.optional(v.pipe(finite, v.minValue(0))),
    increment: v.optional(v.pipe(finite, v.minValue(0))),
  }),
  v.object({ type: v.literal('quit') }),
]);
export type HostMessage = v.InferOutput<typeof HostMessageSchema>;

const integer = v.pipe(v.number(), v.integer());
const ParamSpecSchema = v.object({ name: v.string(), label: v.optional(v.string()), min: integer, max: integer, default: integer });

/** Search figures an engine may report, live (an `info` line) or with its move. */
export const EngineInfoSchema = v.object({
  depth: v.optional(v.pipe(finite, v.minValue(0))),
  nodes: v.optional(v.pipe(finite, v.minValue(0))),
  score: v.optional(finite),
  pv: v.optional(v.array(v.string())),
});
export type EngineInfo = v.InferOutput<typeof EngineInfoSchema>;

/** What an engine sends: its name (the answer to hello), a move, or search figures before its move. */
const EngineMessageSchema = v.union([
  v.object({ move: v.string(), info: v.optional(EngineInfoSchema) }),
  v.object({ name: v.string(), author: v.optional(v.string()), params: v.optional(v.array(ParamSpecSchema)) }),
  v.object({ info: EngineInfoSchema }),
]);
export type EngineMessage = v.InferOutput<typeof EngineMessageSchema>;

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads a host's line; an Error says what is wrong with it. */
export function parseHostMessage(text: string): HostMessage {
  const parsed = v.safeParse(HostMessageSchema, json(text));
  if (!parsed.success) throw new Error(`not a host message (hello, newgame, move or quit): ${parsed.issues[0].message}`);
  return parsed.output;
}

/** Reads an engine's line; null when it is not one JSON object of the protocol. */
export function parseEngineMessage(text: string): EngineMessage | null {
  const parsed = v.safeParse(EngineMessageSchema, json(text));
  return parsed.success ? parsed.output : null;
}
