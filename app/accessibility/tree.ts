/**
 * One accessibility read as the protocol's own tree (docs/protocol.md, "Elements"), so the panel,
 * the exclusions, the secret scan, the agent, receipts and highlights treat it like a provider's
 * answer: the Application, its focused Window, a Document where the platform names its URL,
 * and a Text holding the selection (`selected: true`) or, when nothing is selected, the
 * focused element's capped text. The ids are Glance's own, under a fresh instance per read.
 *
 * The tree is built as plain JSON and then read by the same tolerant reader a provider's answer
 * goes through (readAnswer): what the OS layer reported is not trusted to be well formed either.
 */
import { PROTOCOL_VERSION, readAnswer, type Answer } from '@app-context/provider-kit/protocol';
import type { AxRead } from '../os/accessibility/index.js';

/** The ids Glance mints for the elements of a read; the instance tells one read from the next. */
export const AX_IDS = { app: 'ax-app', window: 'ax-window', document: 'ax-document', text: 'ax-text' } as const;

/** The element a read's Text stands for: the selection (located again through the reader) or the focused text. */
export type TextKind = 'selection' | 'focused-text';

/** The read as an answer, and what its Text holds. */
export interface AxAnswer {
  answer: Answer;
  warnings: string[];
  /** Absent when the read had neither a selection nor focused text (a secure field, an empty one). */
  text?: TextKind;
}

/**
 * A fresh instance for one read: 16 random bytes, as the id rule allows, from Web Crypto's
 * generator (node:crypto's own), which Node loads on first use (home/files.ts, randomHex).
 */
function newInstance(): string {
  return `ax-${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')}`;
}

/** The platform's words for the focused element, kept as attributes (never its text beyond the read). */
function textElement(read: AxRead): Record<string, unknown> | undefined {
  const role = read.focused?.role;
  const attributes = (truncated: boolean): Record<string, unknown> => ({ ...(role ? { 'accessibility-role': role } : {}), ...(truncated ? { truncated: true } : {}) });
  if (read.selection !== undefined) {
    const { text, truncated } = read.selection;
    return { id: AX_IDS.text, role: 'Text', subrole: 'selection', selected: true, focused: true, content: [{ type: 'text', text }], attributes: attributes(truncated) };
  }
  if (read.text !== undefined) {
    return { id: AX_IDS.text, role: 'Text', subrole: 'focused-text', focused: true, content: [{ type: 'text', text: read.text.value }], attributes: attributes(read.text.truncated) };
  }
  return undefined;
}

/** Builds the tree of one read and reads it tolerantly, like any answer. */
export function answerFromRead(read: AxRead): AxAnswer | { error: string } {
  const text = textElement(read);
  const inner = text === undefined ? [] : [text];
  const document = read.document === undefined
    ? undefined
    : { id: AX_IDS.document, role: 'Document', url: read.document.url, focused: true, children: inner, ...(read.document.path !== undefined ? { attributes: { path: read.document.path } } : {}) };
  const window = { id: AX_IDS.window, role: 'Window', title: read.window.title, focused: true, children: document === undefined ? inner : [document] };
  const raw = { protocol: PROTOCOL_VERSION, instance: newInstance(), root: { id: AX_IDS.app, role: 'Application', title: read.app.name, children: [window] } };
  const result = readAnswer(raw);
  if (!result.ok) return { error: result.reason };
  const kind: TextKind | undefined = read.selection !== undefined ? 'selection' : read.text !== undefined ? 'focused-text' : undefined;
  return { answer: result.answer, warnings: result.warnings, ...(kind !== undefined ? { text: kind } : {}) };
}
