// A kept request read for a person (renderer/src/privacy/kept-payload.ts): each backend's exact
// body becomes turns with real line breaks, the instructions apart, anything else left raw.
import { describe, expect, it } from 'vitest';
import { rawJson, readKeptPayload } from '../../renderer/src/privacy/kept-payload.js';

const CONTEXT = '<app_context>\nApp: "Notes"\n{"id":"a"}\n</app_context>';

describe('a kept request, readable', () => {
  it('reads OpenAI chat messages: the system message apart, the tool call and result as turns', () => {
    const body = JSON.stringify({
      model: 'm',
      messages: [
        { role: 'system', content: 'You are Glance.' },
        { role: 'user', content: `${CONTEXT}\nQuestion: why?` },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'highlight', arguments: '{"ids":["a"]}' } }] },
        { role: 'tool', tool_call_id: 'c', content: '{"a":"visible"}' },
      ],
    });
    expect(readKeptPayload(body)).toEqual({
      instructions: 'You are Glance.',
      turns: [
        { who: 'You, with the context', text: `${CONTEXT}\nQuestion: why?` },
        { who: 'The model', text: '[asks the highlight tool: {"ids":["a"]}]' },
        { who: 'Glance, the highlight tool’s result', text: '{"a":"visible"}' },
      ],
    });
  });

  it('reads Anthropic messages with parts, an image, and a tool result in a user turn', () => {
    const body = JSON.stringify({
      system: 'You are Glance.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: CONTEXT }, { type: 'image', source: { data: 'AAAA' } }, { type: 'text', text: 'Question: why?' }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'highlight', input: { ids: ['a'] } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: '{"a":"visible"}' }] },
      ],
    });
    const kept = readKeptPayload(body);
    expect(kept?.instructions).toBe('You are Glance.');
    expect(kept?.turns.map((turn) => turn.who)).toEqual(['You, with the context', 'The model', 'Glance, the highlight tool’s result']);
    expect(kept?.turns[0]?.text).toBe(`${CONTEXT}\n[an image from the app]\nQuestion: why?`);
  });

  it('reads the offline answerer’s own request (parts, text, toolCalls)', () => {
    const body = JSON.stringify({
      system: 'You are Glance.',
      messages: [{ role: 'user', parts: [{ type: 'text', text: CONTEXT }] }, { role: 'assistant', text: '', toolCalls: [{ callId: 'c', name: 'highlight', input: { ids: ['a'] } }] }],
      tools: [], context: { root: null },
    });
    expect(readKeptPayload(body)?.turns).toEqual([
      { who: 'You, with the context', text: CONTEXT },
      { who: 'The model', text: '[asks the highlight tool: {"ids":["a"]}]' },
    ]);
  });

  it('leaves what it does not know to the raw view', () => {
    expect(readKeptPayload('not json')).toBeNull();
    expect(readKeptPayload('{"prompt":"x"}')).toBeNull();
    expect(rawJson('{"a":"b\\nc"}')).toBe('{\n  "a": "b\\nc"\n}');
    expect(rawJson('plain')).toBe('plain');
  });
});
