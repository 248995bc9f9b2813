// The payload sheet's outline of the app's context (renderer/src/review/context-outline.ts), read
// from the very text the agent sends (app/agent/prompt.ts): readable by default, JSON only on request.
import { describe, expect, it } from 'vitest';
import type { Element } from '@app-context/provider-kit/protocol';
import { buildAgentPayload } from '../../app/agent/prompt.js';
import { contextOutline } from '../../renderer/src/review/context-outline.js';

const root: Element = {
  id: 'app', role: 'Application', title: 'Field Notes', children: [{
    id: 'doc', role: 'Document', subrole: 'note', title: 'River walk', focused: true, children: [
      { id: 'sel', role: 'Text', selected: true, content: [{ type: 'text', text: 'The heron stood\nin the <shallows>.' }] },
      { id: 'link', role: 'Link', title: 'Map', url: 'https://example.com/map' },
    ],
  }],
};

const firstPart = (context: Parameters<typeof buildAgentPayload>[0]): string => {
  const [message] = buildAgentPayload(context, 'What is this?').messages;
  const part = message?.role === 'user' ? message.parts[0] : undefined;
  return part?.type === 'text' ? part.text : '';
};

describe('the context in the payload sheet', () => {
  it('is an indented outline of what is sent: roles, titles, states and text, no JSON, no frame tags, no ids', () => {
    const outline = contextOutline(firstPart({ appName: 'Field Notes', root }));
    expect(outline).toBe([
      'App: "Field Notes"',
      'Application “Field Notes”',
      '  Document (note) “River walk” · focused',
      '    Text · selected',
      '        The heron stood in the <shallows>.',
      '    Link “Map” <https://example.com/map>',
    ].join('\n'));
  });

  it('keeps what is said before the frame (a context read through Accessibility), and gives up on what it cannot read', () => {
    expect(contextOutline(firstPart({ appName: 'Field Notes', root, source: 'accessibility' }))).toMatch(/^This app does not share context itself: [^\n]+\nApp: "Field Notes"\n/);
    expect(contextOutline(firstPart({ root }))).toMatch(/^Application “Field Notes”\n/);
    // No context, or a frame whose JSON does not parse: shown as it is sent.
    expect(contextOutline(firstPart({ root: null }))).toBeNull();
    expect(contextOutline('<app_context>\nApp: "x"\n{"id": \n</app_context>')).toBeNull();
  });
});
