import { z } from 'zod';

/**
 * A kept request body, read for a person: who said what, in order, with real line breaks,
 * and Glance's own instructions apart. The body is the exact JSON a backend got: OpenAI's
 * chat `messages` with a `system` message, Anthropic's `system` beside `messages`, or the
 * offline answerer's, Glance's own request (`parts`, `text`, `toolCalls`). All are read
 * leniently, and anything else is left to the raw view.
 */

const Part = z.looseObject({ type: z.string(), text: z.string().optional() });
const Content = z.union([z.string(), z.array(Part)]);
const Message = z.looseObject({
  role: z.string(),
  content: Content.nullish(),
  // Glance's own request (the offline answerer keeps it as it was given).
  parts: z.array(Part).optional(),
  text: z.string().optional(),
  toolCalls: z.array(z.looseObject({ input: z.unknown() })).optional(),
  tool_calls: z.array(z.looseObject({ function: z.looseObject({ name: z.string(), arguments: z.string() }).optional() })).optional(),
});
const Body = z.looseObject({ system: Content.optional(), messages: z.array(Message) });

/** One turn of what was sent: who, and the words. */
interface KeptTurn {
  who: string;
  text: string;
}

/** What was sent, readable: the turns in order, and Glance's instructions to the model. */
export interface KeptPayload {
  turns: KeptTurn[];
  instructions: string;
}

const WHO: Record<string, string> = { user: 'You, with the context', assistant: 'The model', tool: 'Glance, the highlight tool’s result' };

/** A part that is not text, in words: what it is, and its own text when it has some (a tool's result). */
function partWords(part: z.infer<typeof Part>): string {
  if (part.type === 'text') return part.text ?? '';
  if (part.type === 'image' || part.type === 'image_url') return '[an image from the app]';
  if (part.type === 'tool_use') return `[asks the highlight tool: ${JSON.stringify(part['input'] ?? {})}]`;
  if (part.type === 'tool_result') {
    const inner = part['content'];
    const words = typeof inner === 'string' ? inner : Array.isArray(inner) ? inner.map((p) => (typeof p === 'object' && p && 'text' in p ? String(p.text) : '')).join('\n') : '';
    return `[the highlight tool’s result] ${words}`;
  }
  return `[${part.type}]`;
}

function contentWords(content: z.infer<typeof Content> | null | undefined): string {
  if (content === null || content === undefined) return '';
  return typeof content === 'string' ? content : content.map(partWords).join('\n');
}

/** The kept body as turns, or null when it is not a request body Glance knows (the raw view shows it then). */
export function readKeptPayload(payload: string): KeptPayload | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const body = Body.safeParse(json);
  if (!body.success) return null;
  const instructions = [contentWords(body.data.system)];
  const turns: KeptTurn[] = [];
  let asked = false;
  for (const message of body.data.messages) {
    // OpenAI's shape carries the instructions as the first message; Anthropic's beside the messages.
    if (message.role === 'system' || message.role === 'developer') {
      instructions.push(contentWords(message.content));
      continue;
    }
    const calls = [
      ...(message.tool_calls ?? []).map((call) => call.function?.arguments ?? ''),
      ...(message.toolCalls ?? []).map((call) => JSON.stringify(call.input ?? {})),
    ].map((input) => `[asks the highlight tool: ${input}]`);
    const text = [contentWords(message.content), contentWords(message.parts), message.text ?? '', ...calls].filter((words) => words !== '').join('\n');
    // Only the first turn of the user's carries the context; later ones are follow-ups (or, for Anthropic, a tool's result).
    const who = message.role === 'user' ? (asked ? (text.startsWith('[the highlight tool') ? WHO['tool'] : 'You') : WHO['user']) : WHO[message.role] ?? message.role;
    if (message.role === 'user') asked = true;
    turns.push({ who: who ?? message.role, text });
  }
  return { turns, instructions: instructions.filter((words) => words !== '').join('\n\n') };
}

/** The body as indented JSON, for the raw view; as it is when it is not JSON. */
export function rawJson(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}
