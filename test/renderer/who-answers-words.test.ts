// The welcome's words for who answers (renderer/src/words/who-answers.ts): a server named with
// its port only when it is not the usual one, the one miss worth acting on, and what a key's
// check said, always ending in whether anything was stored.
import { describe, expect, it } from 'vitest';
import { KEYED_BACKENDS } from '../../contract/backends.js';
import type { CheckKeyResult } from '../../contract/who-answers.js';
import { keyCheckWords, noServerWords, serverWords } from '../../renderer/src/words/who-answers.js';

describe('who answers, in the welcome’s words', () => {
  it('names a found server, with its port only when it is not the usual one', () => {
    expect(serverWords({ kind: 'ollama', port: 11434, baseURL: 'http://127.0.0.1:11434/v1', models: ['llama3.2'] })).toBe('Ollama on this Mac');
    expect(serverWords({ kind: 'lm-studio', port: 4321, baseURL: 'http://127.0.0.1:4321/v1', models: ['qwen'] })).toBe('LM Studio on this Mac (port 4321)');
  });

  it('says what to do when a server runs without a model, or is loading one; else that none was found, and where it looked', () => {
    expect(noServerWords({ found: [], missed: [{ kind: 'ollama', port: 11434, miss: 'no-models' }] })).toMatch(/^Ollama runs here but serves no model yet: pull one/);
    expect(noServerWords({ found: [], missed: [{ kind: 'llama-cpp', port: 8080, miss: 'loading' }] })).toMatch(/^llama\.cpp runs here but is not ready/);
    expect(noServerWords({ found: [], missed: [{ kind: 'ollama', port: 11434, miss: 'nothing-listens' }, { kind: 'llama-cpp', port: 8080, miss: 'not-json' }] }))
      .toBe('No model server found on this Mac (looked for Ollama, LM Studio and llama.cpp on their usual ports).');
  });

  it('says an accepted key is stored, and every other outcome that nothing was', () => {
    const said = (result: Omit<CheckKeyResult, 'backend'>): string => keyCheckWords({ backend: 'anthropic', ...result });
    expect(said({ check: 'accepted', stored: true })).toBe('The key works and is stored in the Keychain: Claude (Anthropic) answers.');
    expect(said({ check: 'refused', httpStatus: 401, stored: false })).toBe('Claude (Anthropic) refused this key (HTTP 401). Check that it is complete and still active; nothing was stored.');
    for (const check of ['rate-limited', 'server-error', 'unreachable', 'timeout', 'redirect', 'unexpected'] as const) {
      for (const backend of KEYED_BACKENDS) expect(keyCheckWords({ backend, check, stored: false })).toMatch(/nothing was stored\.$/);
    }
    // Keys that cannot be kept here: the reason, as Settings says it.
    expect(said({ check: 'not-checked', stored: false, problem: { problem: 'no-keyring', store: 'keyring' } })).toMatch(/^No system keyring was found/);
  });
});
