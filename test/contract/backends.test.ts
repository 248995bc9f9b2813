// The one record per backend (contract/backends.ts) and what is read from it: the names the app
// shows, the model and address asked, whether a key is needed, which backends take keys.
import { describe, expect, it } from 'vitest';
import { BACKEND_IDS, BACKENDS, backendLabel, baseUrlOf, defaultModelOf, isBackendId, KEYED_BACKENDS, modelOf, needsKey } from '../../contract/backends.js';
import { isLocalDestination } from '../../contract/destination.js';
import { invokeContract } from '../../contract/ipc.js';

const KeyStatus = invokeContract.getKeyStatus.response;

describe('the backend record', () => {
  it('has an entry for every id and nothing else, and the keyed backends are those with a key', () => {
    expect(Object.keys(BACKENDS).sort()).toEqual([...BACKEND_IDS].sort());
    expect(KEYED_BACKENDS).toEqual(BACKEND_IDS.filter((id) => BACKENDS[id].key !== null));
    expect(KEYED_BACKENDS).toEqual(['anthropic', 'openai']);
    expect(BACKEND_IDS.every(isBackendId)).toBe(true);
    expect(isBackendId('gemini')).toBe(false);
  });

  it('names each choice as the panel says "Answered by …"', () => {
    expect(backendLabel({ backend: 'offline' })).toBe('Offline: answers from the context alone, no model');
    // As a person says who answered: Claude, not the company; a local server by its model and address.
    expect(backendLabel({ backend: 'anthropic', model: '' })).toBe('Claude (claude-sonnet-5-5)');
    expect(backendLabel({ backend: 'anthropic', model: 'claude-x', baseURL: 'https://proxy.example.test' })).toBe('Claude (claude-x)');
    expect(backendLabel({ backend: 'openai', model: '', baseURL: '' })).toBe('OpenAI (gpt-5.6-terra)');
    expect(backendLabel({ backend: 'openai', baseURL: 'http://127.0.0.1:11434/v1' })).toBe('llama3.2 on this Mac');
  });

  it('gives the model and address asked, and whether a key is needed, for each choice', () => {
    expect([defaultModelOf({ backend: 'offline' }), modelOf({ backend: 'offline', model: 'x' }), baseUrlOf({ backend: 'offline' })]).toEqual([undefined, undefined, undefined]);
    expect(baseUrlOf({ backend: 'anthropic', baseURL: '' })).toBe('https://api.anthropic.com');
    expect(baseUrlOf({ backend: 'openai' })).toBe('https://api.openai.com/v1');
    expect(baseUrlOf({ backend: 'openai', baseURL: 'http://127.0.0.1:1234/v1' })).toBe('http://127.0.0.1:1234/v1');
    expect(modelOf({ backend: 'openai', model: 'qwen3', baseURL: 'http://127.0.0.1:1234/v1' })).toBe('qwen3');
    expect(needsKey({ backend: 'offline' })).toBe(false);
    expect(needsKey({ backend: 'anthropic', baseURL: 'https://proxy.example.test' })).toBe(true);
    expect(needsKey({ backend: 'openai' })).toBe(true);
    expect(needsKey({ backend: 'openai', baseURL: 'http://127.0.0.1:11434/v1' })).toBe(false);
  });

  it('sends to the default address when no base URL is set, for the local rule', () => {
    expect(isLocalDestination({ kind: 'model', backend: 'offline' })).toBe(true);
    expect(isLocalDestination({ kind: 'model', backend: 'openai' })).toBe(false);
    expect(isLocalDestination({ kind: 'model', backend: 'anthropic' })).toBe(false);
  });

  it('the key status names every keyed backend, and no other', () => {
    const stored = Object.fromEntries(KEYED_BACKENDS.map((id) => [id, false]));
    expect(KeyStatus.safeParse({ available: true, stored }).success).toBe(true);
    expect(KeyStatus.safeParse({ available: true, stored: { anthropic: false } }).success).toBe(false);
    expect(KeyStatus.safeParse({ available: true, stored: { ...stored, offline: false } }).success).toBe(false);
  });
});
