// The first run ends in a model's answer: a fresh data folder, a played Ollama on a loopback
// port (its /api/tags and its OpenAI-compatible chat completions), the BUILT panel in Chromium
// over main's real services. The welcome shows the played server's model, the user picks it,
// tries Sample Notes and asks, and the played model's answer appears, not the offline one,
// without Settings ever opening. Then the key: a played Anthropic refuses one key (nothing is
// stored) and accepts the next, and the first question goes to it.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_FILE } from '../../app/settings/store.js';
import { KEYS_FILE } from '../../main/secrets.js';
import { anthropicStream, openaiStream } from '../agent/fake-model-server.js';
import { json, ollamaTags, startPlayedServer, type PlayedServer } from '../agent/played-local-server.js';
import { createWorld, pageErrors, type World } from './harness/fixtures.js';
import { captureState } from './harness/states.js';

let world: World;
let ollama: PlayedServer;
let anthropic: PlayedServer;
/** The bodies the played chat endpoints received, in order. */
const chats: Record<string, unknown>[] = [];
let anthropicKeyAccepted = 'none';

/** A route that records the request's JSON body and streams these SSE frames back. */
const stream = (frames: string[]) => (req: IncomingMessage, res: ServerResponse): void => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    chats.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(frames.join(''));
  });
};

beforeAll(async () => {
  [world, ollama, anthropic] = await Promise.all([
    createWorld({}),
    startPlayedServer({
      '/api/tags': ollamaTags(['llama3.2:latest', 'nomic-embed-text:latest']),
      '/v1/chat/completions': stream(openaiStream(['The played llama says: your trip is on 12 June.'])),
    }),
    startPlayedServer({
      '/v1/models': (req, res) => json(req.headers['x-api-key'] === anthropicKeyAccepted ? 200 : 401, { data: [] })(req, res),
      '/v1/messages': stream(anthropicStream(['The played Claude says: pack light.'])),
    }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([world?.close(), ollama?.close(), anthropic?.close()]);
});

/** Asks in the panel and waits for the question to show in the answer. */
async function ask(page: Page, question: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Your question' }).fill(question);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await page.getByTestId('answer').getByText(question, { exact: true }).waitFor();
}

/** The settings file main wrote, as JSON. */
const savedSettings = async (dataDir: string): Promise<Record<string, unknown>> => JSON.parse(await readFile(join(dataDir, SETTINGS_FILE), 'utf8')) as Record<string, unknown>;

describe('the first run', () => {
  it('offers the model server running here, and the first question ends in that model’s answer', async () => {
    const { app, page } = await world.openPanel({ localServers: [{ kind: 'ollama', port: ollama.port }] });
    const who = page.getByTestId('who-answers');
    const server = who.getByRole('radio', { name: `Ollama on this Mac (port ${ollama.port})` });
    await server.waitFor();
    // The first model found is preselected; the embedding model is listed, after it.
    expect(await server.isChecked()).toBe(true);
    const model = who.getByRole('combobox', { name: `Model on Ollama on this Mac (port ${ollama.port})` });
    expect(await model.inputValue()).toBe('llama3.2:latest');
    expect(await model.locator('option').allTextContents()).toEqual(['llama3.2:latest', 'nomic-embed-text:latest']);
    // The offline answerer is still offered, named for what it is.
    expect(await who.getByRole('radio', { name: 'No model: Glance restates the context' }).isChecked()).toBe(false);
    // Looked at in light and dark, at both widths (test-results/states/first-run-local-server-*.png): axe finds nothing.
    expect(await captureState(page, 'first-run-local-server')).toEqual({});

    await who.getByRole('radio', { name: 'No model: Glance restates the context' }).check();
    await server.check();
    await expect.poll(async () => (await savedSettings(app.dataDir))['backend']).toBe('openai');
    // The key choice without a key checked is no model yet: the server picked before does not answer under it.
    await who.getByRole('radio', { name: 'Claude or OpenAI, with your API key' }).check();
    await expect.poll(async () => (await savedSettings(app.dataDir))['backend']).toBe('offline');
    await server.check();
    // The whole choice, waited for as one state: the server's address was saved by the first pick
    // already, so polling it alone could pass before this last save lands (seen under load).
    await expect.poll(async () => savedSettings(app.dataDir)).toMatchObject({ backend: 'openai', baseURL: `http://127.0.0.1:${ollama.port}/v1`, model: 'llama3.2:latest' });

    await page.getByRole('button', { name: 'Try with Sample Notes' }).click();
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    await ask(page, 'When is my trip?');
    await page.getByTestId('answer-text').getByText('The played llama says: your trip is on 12 June.').waitFor();
    expect(await page.getByTestId('answer').textContent()).not.toMatch(/Offline answer/);
    // The played server was asked for that model, with Sample Notes' context.
    const chat = chats.find((body) => body['model'] === 'llama3.2:latest');
    expect(JSON.stringify(chat?.['messages'])).toContain('Sample Notes');
    // Settings never opened: the panel went from the welcome to the review and the answer.
    expect(app.panelState().view).toBe('review');
    expect(pageErrors(page)).toEqual([]);
  });

  it('looks only when the panel is seen: not while its page loads hidden, again each time it is opened', async () => {
    const played = await startPlayedServer({ '/api/tags': ollamaTags(['phi4:latest']) });
    try {
      const asked = (): number => played.requests.filter((r) => r.path === '/api/tags').length;
      const { page } = await world.openPanel({ localServers: [{ kind: 'ollama', port: played.port }] });
      await page.getByTestId('who-answers').getByRole('combobox', { name: /^Model on Ollama/ }).waitFor();
      expect(asked()).toBe(1);
      // The window hidden, as main hides the panel's (Electron's page then reports 'hidden'; headless Chromium
      // keeps every page visible, so the page's visibility is played): loaded again while hidden, it asks nothing.
      await page.addInitScript(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (sessionStorage.getItem('played-hidden') === '1' ? 'hidden' : 'visible') });
      });
      await page.evaluate(() => sessionStorage.setItem('played-hidden', '1'));
      await page.reload();
      await page.getByTestId('who-answers').waitFor();
      expect(await page.evaluate(() => document.visibilityState)).toBe('hidden');
      expect(await page.getByText('Looking for a model server on this Mac…').count()).toBe(1);
      expect(asked()).toBe(1);
      // Shown: the user opened the panel, and the welcome looks.
      await page.evaluate(() => {
        sessionStorage.setItem('played-hidden', '0');
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await page.getByTestId('who-answers').getByRole('combobox', { name: /^Model on Ollama/ }).waitFor();
      expect(asked()).toBe(2);
      // Look again asks once more.
      await page.getByRole('button', { name: 'Look again' }).click();
      await expect.poll(asked).toBe(3);
      // The server stopped: Look again finds nothing, and the model it served is no longer the choice.
      await played.close();
      await page.getByRole('button', { name: 'Look again' }).click();
      await page.getByText(/^No model server found on this Mac/).waitFor();
      expect(await page.getByRole('radio', { name: 'No model: Glance restates the context' }).isChecked()).toBe(true);
    } finally {
      await played.close();
    }
  });

  it('checks a key with its service before storing it: a refused one stores nothing, an accepted one answers', async () => {
    // The service's own https address goes to the played Anthropic on loopback (main's model fetch).
    const atService: typeof fetch = (input, init) => fetch(String(input).replace(/^https:\/\/api\.anthropic\.com/, `http://127.0.0.1:${anthropic.port}`), init);
    const { app, page } = await world.openPanel({ modelFetch: atService });
    const who = page.getByTestId('who-answers');
    await who.getByText('No model server found on this Mac (looked for Ollama, LM Studio and llama.cpp on their usual ports).').waitFor();
    await who.getByRole('radio', { name: 'Claude or OpenAI, with your API key' }).check();
    expect(await who.getByRole('combobox', { name: 'Service' }).inputValue()).toBe('anthropic');

    anthropicKeyAccepted = 'sk-ant-good-0123456789';
    await who.getByRole('textbox', { name: 'API key' }).fill('sk-ant-wrong-0123456789');
    await who.getByRole('button', { name: 'Check key' }).click();
    await who.getByRole('alert').getByText('Claude (Anthropic) refused this key (HTTP 401). Check that it is complete and still active; nothing was stored.').waitFor();
    expect(await captureState(page, 'first-run-key-refused')).toEqual({});
    await expect(readFile(join(app.dataDir, KEYS_FILE))).rejects.toThrow(/ENOENT/);

    await who.getByRole('textbox', { name: 'API key' }).fill('sk-ant-good-0123456789');
    await who.getByRole('button', { name: 'Check key' }).click();
    await who.getByText('The key works and is stored in the Keychain: Claude (Anthropic) answers.').waitFor();
    expect(await who.getByRole('textbox', { name: 'API key' }).inputValue()).toBe('');
    await expect.poll(async () => (await savedSettings(app.dataDir))['backend']).toBe('anthropic');

    await page.getByRole('button', { name: 'Try with Sample Notes' }).click();
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    await ask(page, 'What should I pack?');
    await page.getByTestId('answer-text').getByText('The played Claude says: pack light.').waitFor();
    expect(chats.some((body) => body['model'] === 'claude-sonnet-5-5')).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });
});
