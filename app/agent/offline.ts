import { capText, oneLine } from '../text/cap-text.js';
import { OFFLINE_ENDPOINT } from '../../contract/backends.js';
import type { Element } from '@app-context/provider-kit/protocol';
import { idsWithState } from './context-tree.js';
import { HIGHLIGHT_TOOL_NAME } from './highlight-tool.js';
import { notRecordedFailure } from './errors.js';
import { describeRequest, offlinePayload } from './observe.js';
import type { AgentBackend, AgentRequest, BackendEvent, RequestObserver } from './types.js';

/** Longest quotation the offline answer gives; a panel is not a reader. */
const QUOTE_LIMIT = 400;

function textOf(element: Element): string {
  return (element.content ?? []).flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n').trim();
}

/**
 * A quotation on one line of the answer: its line breaks, of every kind, become spaces, as they
 * read in a quote, so no quoted text can start a line of its own in `glance ask` (where the
 * answer keeps its own lines); the writer marks what else is invisible (terminal-safe.ts).
 */
function shorten(text: string): string {
  return capText(text.replace(/\s+/g, ' '), QUOTE_LIMIT);
}

/** The path from the root to the element, or undefined when it is not in the tree. */
function pathTo(root: Element, target: Element): Element[] | undefined {
  const stack: [Element, Element[]][] = [[root, [root]]];
  while (stack.length > 0) {
    const [element, path] = stack.pop() as [Element, Element[]];
    if (element === target) return path;
    for (const child of element.children ?? []) stack.push([child, [...path, child]]);
  }
  return undefined;
}

/** The document the user is in: around the selection, else on the focus path, else the first one. */
function findDocument(root: Element, selected: Element[], focused: Element[]): Element | undefined {
  const first = selected[0];
  const around = first ? pathTo(root, first)?.filter((e) => e.role === 'Document').pop() : undefined;
  return around ?? focused.filter((e) => e.role === 'Document').pop() ?? firstDocument(root);
}

function firstDocument(root: Element): Element | undefined {
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const element = stack.shift() as Element;
    if (element.role === 'Document') return element;
    stack.push(...(element.children ?? []));
  }
  return undefined;
}

/**
 * How the answer names an element: by its id in backticks, which the panel shows as a chip with
 * the element's title (a title written beside it read twice); or, by title, its title quoted as
 * the app's words, where no chip shows it (`glance ask`). Without a title, its id either way.
 */
function cite(element: Element, byTitle: boolean): string {
  const title = element.title?.trim();
  return byTitle && title ? `“${oneLine(title)}”` : `\`${element.id}\``;
}

/** The offline answer for the first question: app, the document cited, and the quoted selection or focus. */
export function offlineAnswer(request: AgentRequest, byTitle = false): { text: string; highlight: string[] } {
  const { root, appName } = request.context;
  const lines = ['Offline answer: no model was asked; this only restates the context.'];
  if (root === null) {
    lines.push('No context was collected from the app, so there is nothing to show.');
    return { text: lines.join('\n'), highlight: [] };
  }
  // The app's own words, quoted and capped like any string outside the tree
  // (docs/protocol.md, "Hardening").
  lines.push(`App: “${oneLine(appName ?? root.title ?? root.id)}”.`);
  const selected = idsWithState(root, 'selected');
  const focused = idsWithState(root, 'focused');
  const doc = findDocument(root, selected, focused);
  if (doc) lines.push(`Document: ${cite(doc, byTitle)}.`);
  const quoted = selected.filter((e) => textOf(e) !== '');
  if (quoted.length > 0) {
    // The quote alone: a selection is highlighted, so it is a chip under the answer already, and
    // a chip cited beside the quote showed the start of the same words again.
    for (const e of quoted) lines.push(`Selected: “${shorten(textOf(e))}”`);
  } else if (selected.length > 0) {
    lines.push(`Selected: ${selected.map((e) => `${cite(e, byTitle)} (${e.role})`).join(', ')}.`);
  } else {
    const deepest = focused[focused.length - 1];
    const text = deepest ? textOf(deepest) : '';
    if (deepest && text) lines.push(`Nothing is selected. The focused element (${cite(deepest, byTitle)}) reads: “${shorten(text)}”`);
    else lines.push('Nothing is selected, and the focused element has no text.');
  }
  return { text: lines.join('\n'), highlight: selected.map((e) => e.id) };
}

/**
 * A backend that needs no model and no network: it names the app, cites the document, quotes the
 * selection (or the focused element), and highlights the selected elements through the same
 * tool loop a model would use. Its label says plainly that it is not an AI.
 */
export function createOfflineBackend(onRequest?: RequestObserver, citeByTitle = false): AgentBackend {
  async function* turn(request: AgentRequest, signal: AbortSignal): AsyncIterable<BackendEvent> {
    if (signal.aborted) {
      yield { type: 'error', kind: 'cancelled', reason: 'the request was cancelled' };
      return;
    }
    const last = request.messages[request.messages.length - 1];
    if (last?.role === 'tool') {
      // The highlight results are in; the answer was already given.
      yield { type: 'done', stop: 'end' };
      return;
    }
    if (request.messages.length > 1) {
      yield { type: 'text', text: 'The offline backend cannot answer follow-up questions; choose a model backend to talk about the context.' };
      yield { type: 'done', stop: 'end' };
      return;
    }
    if (onRequest) {
      // Nothing leaves the machine, but the context answered from here gets a receipt, one per
      // answer: the highlight round trip and a follow-up read no context, so they record none.
      try {
        await onRequest(describeRequest({ backend: 'offline', model: null }, OFFLINE_ENDPOINT, offlinePayload(request), request.context));
      } catch (error) {
        yield { type: 'error', ...notRecordedFailure(error) };
        return;
      }
    }
    const answer = offlineAnswer(request, citeByTitle);
    yield { type: 'text', text: answer.text };
    if (answer.highlight.length === 0) {
      yield { type: 'done', stop: 'end' };
      return;
    }
    yield { type: 'tool-call', call: { callId: 'offline-1', name: HIGHLIGHT_TOOL_NAME, input: { ids: answer.highlight } } };
    yield { type: 'done', stop: 'tool-calls' };
  }
  return { id: 'offline', label: 'Offline (no model)', model: undefined, stream: turn };
}
