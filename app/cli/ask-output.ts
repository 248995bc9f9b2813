import type { ConversationEvent } from '../agent/conversation.js';
import type { PublicDescriptor, Element } from '@app-context/provider-kit/protocol';
import { jsonLine } from './args.js';
import { EXIT } from './exit-codes.js';
import { describeLocation } from './commands/location.js';
import { capText } from '../text/cap-text.js';
import type { RuleMatch } from '../rules/match.js';
import { formatTree } from './format-tree.js';
import type { CliIo } from './io.js';
import type { SourceKind } from '../../contract/sources.js';
import { placeWords, type Place } from '../../contract/destination.js';

/** The provider as `current --json` prints it: the descriptor without the token or protocol. */
type ShownProvider = Omit<PublicDescriptor, 'protocol'>;

/** What was collected and what goes to the model, for the first line of output. */
export interface ContextReport {
  /** Where the context came from; null when nothing was collected (`--json` then has no `source`). */
  source: SourceKind | null;
  provider: ShownProvider | null;
  /** The app read through Accessibility (it has no provider): its identity and the OS's name for it. */
  app?: { bundleId: string; name: string; pid: number };
  sent: Element | null;
  /**
   * Why nothing was collected or nothing is sent, for the user (it may name the app, on one
   * line). The model is told a kind instead (app/agent/no-context.ts).
   */
  reason?: string;
  /**
   * Elements held back for a secret (docs/cli.md, "glance ask": always present, empty when none),
   * each by its shown id (`withheld@N` when the id itself holds the secret) and its kind.
   */
  withheld: { id: string; kind: string }[];
  /** Elements a standing exclusion left out, each with the text naming it, by shown id too. */
  excludedByRule: RuleMatch[];
  /** Where the question goes (contract/destination.ts), for a person's output; `--json` says it through `--backend` as given. */
  to?: Place;
}

/** "Your question goes to OpenAI.", "Your question stays on this machine.": where, apart from what goes with it. */
function whereLine(to: Place): string {
  return to.kind === 'this-mac' ? 'Your question stays on this machine.' : `Your question goes to ${placeWords(to)}.`;
}

/**
 * Writes what `ask` does as it happens: JSON lines (docs/cli.md, "glance ask") or text for a
 * person.
 */
export interface AskReporter {
  context(report: ContextReport): void;
  /** `exitCode`: for an error, the exit status the command ends with (8 when not given). */
  event(event: ConversationEvent, exitCode?: number): void;
}

/**
 * One JSON object per line, in the order of docs/cli.md, "glance ask": context, text...,
 * highlight..., done or error.
 */
export function jsonReporter(io: CliIo): AskReporter {
  return {
    context: ({ source, provider, app, sent, reason, withheld, excludedByRule }) =>
      io.stdout(jsonLine({ type: 'context', ...(source ? { source } : {}), provider, ...(app ? { app } : {}), ...(reason !== undefined ? { reason } : {}), sent, withheld, excludedByRule })),
    event: (event, exitCode) => {
      switch (event.type) {
        case 'text':
          io.stdout(jsonLine({ type: 'text', text: event.text }));
          return;
        case 'highlight':
          io.stdout(jsonLine({ type: 'highlight', id: event.id, location: event.location, ...(event.reason !== undefined ? { reason: event.reason } : {}) }));
          return;
        case 'done':
          io.stdout(jsonLine({ type: 'done' }));
          return;
        case 'error':
          // `error` is the shape every command prints on failure (docs/cli.md, "Errors with
          // --json"), with the exit status this failure ends in; `reason` stays for readers of
          // the event stream from before.
          io.stdout(jsonLine({ type: 'error', reason: event.reason, error: { code: exitCode ?? EXIT.backendFailed, message: event.reason } }));
          io.stderr(`glance: ${event.reason}\n`);
      }
    },
  };
}

/**
 * The same content for a person: the sent tree as an outline, the answer as it streams, and a
 * line per highlight. Highlights arrive mid-answer, so each starts on a fresh line.
 */
export function textReporter(io: CliIo): AskReporter {
  let atLineStart = true;
  const answer = io.stdoutText ?? io.stdout;
  /** The model's answer as it streams: its own line breaks are meant. */
  const write = (text: string): void => {
    if (text === '') return;
    answer(text);
    atLineStart = text.endsWith('\n');
  };
  /** One line of Glance's, on a line of its own: each is one write, so nothing in it can break it. */
  const line = (text: string): void => {
    if (!atLineStart) io.stdout('\n');
    io.stdout(`${text}\n`);
    atLineStart = true;
  };
  return {
    context: ({ provider, app, sent, reason, withheld, excludedByRule, to }) => {
      // The descriptor's strings, capped: the tree follows as an outline, under its own limits.
      if (provider) line(`Context from ${capText(provider.name)} ${capText(provider.version)} (${capText(provider.bundleId)}, pid ${provider.pid}, instance ${provider.instance}):`);
      else if (app) line(`Context read through Accessibility from ${capText(app.name)} (${capText(app.bundleId)}, pid ${app.pid}); it does not share context itself:`);
      if (sent) for (const row of formatTree(sent)) line(row);
      // A reason may be a whole sentence already (the accessibility refusal ends with one).
      else line(`No context is sent${reason ? `: ${reason.replace(/\.$/, '')}` : ''}.`);
      // What was held back, by id and kind only: never the secret.
      if (withheld.length > 0) line(`Withheld, each holding a secret: ${withheld.map((w) => `[${w.id}] (${w.kind})`).join(', ')}. Send one anyway with --allow ID.`);
      if (excludedByRule.length > 0) line(`Left out by your rules: ${excludedByRule.map((m) => `[${m.id}] (${m.rule})`).join(', ')}. Send one anyway with --allow ID.`);
      if (to) line(whereLine(to));
      line('');
    },
    event: (event) => {
      switch (event.type) {
        case 'text':
          write(event.text);
          return;
        case 'highlight':
          line(`[highlight ${event.id}: ${event.location ? describeLocation(event.location) : `not located (${event.reason ?? 'no reason given'})`}]`);
          return;
        case 'done':
          if (!atLineStart) io.stdout('\n');
          return;
        case 'error':
          if (!atLineStart) io.stdout('\n');
          io.stderr(`glance: ${event.reason}\n`);
      }
    },
  };
}
