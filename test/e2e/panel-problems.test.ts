// Errors with a way forward, Markdown answers and Settings, end to end: the BUILT
// panel in Chromium at its real size, main's real flow and agent, real providers, a local
// OpenAI-compatible server. Each state photographed light and dark and checked by axe-core.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openaiStream, startFakeServer, type FakeServer, type Reply } from '../agent/fake-model-server.js';
import type { Violation } from './harness/axe.js';
import { startNoProviderApp } from './harness/no-provider-app.js';
import type { Spawned } from '../helpers/spawn.js';
import { createWorld, pageErrors, pressHotkey, statuses, type World } from './harness/fixtures.js';
import { captureState } from './harness/states.js';

let world: World;
/** An app without a provider, in front for the no-provider cases. */
let preview: Spawned;
let model: FakeServer;
const script: Reply[] = [];
const violations: Record<string, Record<string, Violation[]>> = {};
beforeAll(async () => {
  preview = await startNoProviderApp();
  [world, model] = await Promise.all([
    createWorld({
      sample: { script: 'sample' },
      stalled: { script: 'configurable', env: { TP_NAME: 'Stalled Notes', TP_STALL: '1', TP_SCOPE: 'current' } },
    }),
    startFakeServer(script),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([world?.close(), model?.close(), preview?.stop()]);
});

const pid = (name: string): number => world.providers[name]?.pid ?? -1;
type Glance = { glance: { saveSettings(p: object): Promise<unknown>; getSettings(): Promise<Record<string, unknown>> } };
const save = (page: Page, patch: object): Promise<unknown> => page.evaluate((p) => (window as unknown as Glance).glance.saveSettings(p), patch);
const settings = (page: Page): Promise<Record<string, unknown>> => page.evaluate(() => (window as unknown as Glance).glance.getSettings());
async function capture(page: Page, name: string): Promise<void> {
  violations[name] = await captureState(page, name);
}
async function collectSample(page: Page, app: Parameters<typeof pressHotkey>[0]): Promise<void> {
  await pressHotkey(app, { pid: pid('sample'), name: 'Sample Notes' });
  await page.getByRole('tree', { name: 'Collected context' }).waitFor();
}
/**
 * Asks once the answer before has ended: while one streams, Return does nothing (Ask is Stop),
 * and its last words are drawn before its end arrives, so a question typed on seeing them could
 * be dropped.
 */
async function ask(page: Page, question: string): Promise<void> {
  await page.getByRole('button', { name: 'Ask', exact: true }).waitFor();
  await page.getByRole('textbox', { name: 'Your question' }).fill(question);
  await page.keyboard.press('Enter');
  await page.getByTestId('answer').getByText(question, { exact: true }).waitFor();
}

/** The computed colour of a card's glyph. */
const iconColour = (card: ReturnType<Page['getByTestId']>): Promise<string> => card.locator('.card__icon').evaluate((icon) => getComputedStyle(icon).color);
/** A CSS colour (a custom property) as the page computes it. */
const cssColour = (page: Page, value: string): Promise<string> => page.evaluate((colour) => {
  const probe = document.body.appendChild(document.createElement('span'));
  probe.style.color = colour;
  const computed = getComputedStyle(probe).color;
  probe.remove();
  return computed;
}, value);
/** Where the streaming caret sits against the text before it: on its last line, after its last letter. */
const caretPlace = (turn: ReturnType<Page['getByTestId']>) => turn.evaluate((article) => {
  const caret = article.querySelector('[data-testid="caret"]');
  if (!caret?.parentElement) return { inText: false, sameLine: false, after: false, width: 0, height: 0, animation: '' };
  const range = document.createRange();
  range.setStart(caret.parentElement, 0);
  range.setEndBefore(caret);
  const line = [...range.getClientRects()].filter((rect) => rect.width > 0).at(-1);
  const box = caret.getBoundingClientRect();
  return {
    inText: caret.closest('.markdown p, .markdown li') !== null,
    sameLine: line !== undefined && box.top < line.bottom && box.bottom > line.top,
    after: line !== undefined && box.left >= line.right - 1,
    width: box.width,
    height: box.height,
    animation: getComputedStyle(caret).animationName,
  };
});
/** True when the box's top is in the top third of the panel, where the eye lands after the hotkey. */
async function inTopThird(page: Page, box: ReturnType<Page['getByTestId']>): Promise<boolean> {
  const top = (await box.boundingBox())?.y ?? Infinity;
  const height = await page.evaluate(() => window.innerHeight);
  return top < height / 3;
}

describe('problems with a way forward, answers, settings', () => {
  it('a timeout: plain words, the reason under Details, and "Allow 3 seconds and try again" sets the limit and asks again', async () => {
    const { app, page } = await world.openPanel({ defaultTimeLimit: true });
    await pressHotkey(app, { pid: pid('stalled'), name: 'Stalled Notes' });
    const card = page.getByTestId('problem');
    await card.getByText('Stalled Notes didn’t answer in time').waitFor();
    await card.getByText('Glance waited 1.5 seconds. A busy app can need longer.').waitFor();
    // A real failure: an alert, its glyph in the danger red; and where the eye is, in the top third.
    expect(await card.getAttribute('role')).toBe('alert');
    expect(await iconColour(card)).toBe(await cssColour(page, 'var(--danger)'));
    expect(await inTopThird(page, card)).toBe(true);
    // The keyboard is on the first action; Return would press it (the footer says so).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Try again');
    expect(await page.getByTestId('footer').locator('.footer__hint').first().textContent()).toBe('↩Try again');
    await capture(page, 'error-timeout');
    await card.getByRole('button', { name: 'Allow 3 seconds and try again' }).click();
    await expect.poll(() => settings(page)).toMatchObject({ timeoutMs: 3000 });
    await card.getByText('Glance waited 3 seconds. A busy app can need longer.').waitFor({ timeout: 8000 });
    expect(await statuses(page)).toEqual([
      'Collecting context from Stalled Notes…', 'Stalled Notes did not answer within 1.5 s.',
      'Collecting context from Stalled Notes…', 'Stalled Notes did not answer within 3 s.',
    ]);
  });

  it('an app without a provider: its consent to be read through Accessibility asked first; Cmd-R collects again', async () => {
    const { app, page } = await world.openPanel();
    await pressHotkey(app, { pid: preview.pid, name: 'Preview' });
    const card = page.getByTestId('problem');
    await card.getByText('Preview doesn’t share context itself').waitFor();
    // Not a failure: information, said politely. No alert, an info glyph in the secondary grey, never red.
    expect(await card.getAttribute('role')).toBe('status');
    expect(await card.getAttribute('class')).toContain('card--info');
    expect(await card.locator('.card__icon').getAttribute('class')).toContain('lucide-info');
    expect(await iconColour(card)).toBe(await cssColour(page, 'var(--secondary)'));
    expect(await iconColour(card)).not.toBe(await cssColour(page, 'var(--danger)'));
    expect(await inTopThird(page, card)).toBe(true);
    await capture(page, 'error-no-provider');

    await collectSample(page, app);
    await page.keyboard.press('Meta+R');
    await expect.poll(async () => (await statuses(page)).filter((s) => s === 'Context from Sample Notes').length).toBe(2);
    await page.getByRole('tree', { name: 'Collected context' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('a model that cannot be reached: a card with Ask again and Open Settings, in the conversation', async () => {
    const { app, page } = await world.openPanel();
    await save(page, { backend: 'openai', baseURL: 'http://127.0.0.1:9/v1' });
    await collectSample(page, app);
    await ask(page, 'Where is the tram?');
    const card = page.getByTestId('answer-problem');
    await card.getByText(/^Can’t reach llama3\.2 on this Mac$/).waitFor();
    await card.getByText('Details').click();
    // The headline says where the server is; its address and port, the core's own words, are under Details.
    await card.locator('.card__details').getByText(/127\.0\.0\.1:9/).waitFor();
    // Nothing left Glance, and the strip never says otherwise.
    expect(await page.getByTestId('context-strip').textContent()).toContain('Not sent: Can’t reach llama3.2 on this Mac');
    await capture(page, 'error-model');
    await card.getByRole('button', { name: 'Ask again' }).click();
    await expect.poll(() => page.getByTestId('answer-problem').count()).toBe(2);
    await page.getByTestId('answer-problem').last().getByRole('button', { name: 'Open Settings' }).click();
    await page.getByRole('region', { name: 'Settings' }).waitFor();
  });

  it('draws a long answer in groups skipped while off screen, every block exactly where it would be side by side', async () => {
    const { app, page } = await world.openPanel();
    await save(page, { backend: 'openai', baseURL: `${model.url}/v1`, model: 'md-model' });
    await collectSample(page, app);
    // Every kind of block, and the ones with a top margin (headings, rules, a setext heading,
    // a heading first in a list item or a quote) where a group could start.
    const kinds = [
      (n: number) => `## Part ${n}\n\n`, (n: number) => `Paragraph ${n}, long enough to wrap onto a second line at this width, about the tram.\n\n`,
      (n: number) => `- item ${n}\n- another\n\n`, (n: number) => `> # Quoted heading ${n}\n> and its line\n\n`,
      () => '***\n\n', (n: number) => `Setext ${n}\n---\n\n`, (n: number) => `\`\`\`\ncode ${n}\n\`\`\`\n\n`,
      (n: number) => `1. # Listed heading ${n}\n\n`, (n: number) => `Short ${n}.\n\n`,
    ];
    const text = `${Array.from({ length: 120 }, (_, n) => (kinds[(n * 7) % kinds.length] as (n: number) => string)(n)).join('')}The last line.\n`;
    const pieces: string[] = [];
    for (let at = 0; at < text.length; at += 2000) pieces.push(text.slice(at, at + 2000));
    script.push({ sse: openaiStream(pieces), pauseMs: 20 });
    await ask(page, 'A long answer?');
    const answer = page.getByTestId('answer');
    await answer.getByText('The last line.').waitFor();
    await answer.locator('article[aria-busy="false"]').last().waitFor();
    // Every finished group becomes skippable once it has been drawn in full (Markdown.tsx); the
    // last one, which a longer answer would still grow, is drawn as it is.
    const groups = answer.locator('.markdown').last().locator(':scope > .markdown__group');
    await expect.poll(async () => (await groups.count()) - (await groups.locator('xpath=self::*[contains(@class, "markdown__group--skippable")]').count())).toBe(1);
    const drawn = await page.evaluate(() => {
      const markdown = [...document.querySelectorAll('[data-testid="answer"] .markdown')].at(-1) as HTMLElement;
      const groups = [...markdown.children] as HTMLElement[];
      const tops = (root: HTMLElement): number[] => {
        const origin = root.getBoundingClientRect().top;
        return [...root.querySelectorAll(':scope > .markdown__group > *')].map((block) => Math.round((block.getBoundingClientRect().top - origin) * 10) / 10);
      };
      // The same blocks side by side, in one group drawn in full, beside them.
      const flat = markdown.cloneNode(false) as HTMLElement;
      const one = document.createElement('div');
      one.className = 'markdown__group';
      one.style.contentVisibility = 'visible';
      for (const block of markdown.querySelectorAll(':scope > .markdown__group > *')) one.append(block.cloneNode(true));
      flat.append(one);
      markdown.after(flat);
      const side = { tops: tops(flat), height: flat.getBoundingClientRect().height };
      flat.remove();
      return {
        visibility: groups.map((group) => getComputedStyle(group).contentVisibility),
        grouped: { tops: tops(markdown), height: markdown.getBoundingClientRect().height },
        side,
        firstBlocks: groups.map((group) => group.firstElementChild?.tagName ?? ''),
      };
    });
    expect(drawn.visibility.length).toBeGreaterThanOrEqual(3);
    expect(drawn.visibility).toEqual([...drawn.visibility.slice(0, -1).map(() => 'auto'), 'visible']);
    // No group after the first starts with a heading or a rule: their top margins would stop collapsing.
    expect(drawn.firstBlocks.slice(1).filter((tag) => /^H\d$|^HR$/.test(tag))).toEqual([]);
    expect(drawn.grouped.tops.length).toBeGreaterThan(100);
    expect(drawn.grouped).toEqual(drawn.side);
    expect(pageErrors(page)).toEqual([]);
  });

  // Three scripted streams (about 4 s of the model's own pauses) and a dozen steps: room on a loaded machine.
  it('renders Markdown safely: code, lists, a table, no raw HTML, no image fetched; ids become chips; the view follows the newest text', async () => {
    const { app, page } = await world.openPanel();
    await save(page, { backend: 'openai', baseURL: `${model.url}/v1`, model: 'md-model' });
    await collectSample(page, app);
    const docId = (await page.locator('[role="treeitem"][aria-label^="Document, Trip to Lisbon"]').getAttribute('data-element-id')) ?? '';
    // Cited in brackets: a chip in the row under its turn, not in the sentence.
    const listId = (await page.locator('[role="treeitem"][aria-label^="List, Tasks"]').getAttribute('data-element-id')) ?? '';
    const markdown = [
      '## The plan\n\n', `The note \`${docId}\` says (see also [${listId}]):\n\n`, '- take **tram 28**\n- early\n\n',
      '```js\nconst stop = "Martim Moniz";\n```\n\n', '| stop | time |\n| --- | --- |\n| Moniz | 8:00 |\n\n',
      'Raw <script>alert(1)</script> and <img src="x" onerror="alert(2)"> stay text. ![a cat](https://example.com/cat.png) ',
      '[the timetable](https://example.com/lisbon/tram-28).\n',
      ...Array.from({ length: 30 }, (_, i) => `\nLine ${i + 1} of a long answer.\n`),
    ];
    script.push({ sse: openaiStream(markdown), pauseMs: 40 });
    await ask(page, 'Summarise the note');
    const answer = page.getByTestId('answer');
    await answer.getByText('Line 30 of a long answer.').waitFor();
    const text = page.getByTestId('answer-text').first();
    await text.locator('h2', { hasText: 'The plan' }).waitFor();
    expect(await text.locator('li').allTextContents()).toEqual(['take tram 28', 'early']);
    expect(await text.locator('pre code').textContent()).toBe('const stop = "Martim Moniz";\n');
    expect(await text.locator('table td').allTextContents()).toEqual(['Moniz', '8:00']);
    // HTML is shown as the text it is; nothing of it runs or loads.
    expect(await text.locator('script, img, iframe').count()).toBe(0);
    expect(await text.textContent()).toContain('<script>alert(1)</script>');
    await text.getByText('[image: a cat]').waitFor();
    expect(await text.locator('a.md-link').getAttribute('href')).toBe('https://example.com/lisbon/tram-28');
    // The cited id is a chip (compact, with its title, in the text), not a code span with the raw id.
    await text.locator(`.chip--inline[data-chip-id="${docId}"]`).waitFor();
    // The view followed the stream to its end.
    const gap = (): Promise<number> => answer.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    expect(await gap()).toBeLessThan(40);
    await capture(page, 'answer-markdown');
    // Its top, as it reads from the start: the question, the heading, the list, the code with its Copy.
    await answer.evaluate((el) => { el.scrollTop = 0; });
    await capture(page, 'answer-markdown-top');
    await answer.evaluate((el) => { el.scrollTop = el.scrollHeight; });

    // Scrolled up to read while the next answer streams: the view stays where the user is.
    script.push({ sse: openaiStream(Array.from({ length: 30 }, (_, i) => `\nMore ${i + 1}.\n`)), pauseMs: 60 });
    await ask(page, 'More?');
    await answer.getByText('More 3.').waitFor();
    await answer.evaluate((el) => { el.scrollTop = 0; el.dispatchEvent(new Event('scroll')); });
    await answer.getByText('More 30.').waitFor();
    expect(await answer.evaluate((el) => el.scrollTop)).toBe(0);

    // An answer while it streams (Ask is Stop), then stopped by the user: neutral, not an error.
    script.push({ sse: openaiStream(Array.from({ length: 60 }, (_, i) => `Slow ${i + 1}. `)), pauseMs: 150 });
    await ask(page, 'Slowly?');
    await answer.getByText(/Slow 2\./).waitFor();
    const stop = page.getByRole('button', { name: 'Stop the answer' });
    await stop.waitFor();
    // Each turn owns its chips and who answered it: the first turn's row and "Answered by" are in
    // the first turn, the streaming one has none of them beneath it; and no chip is drawn twice.
    const turns = answer.getByTestId('turn');
    const streaming = turns.last();
    expect(await turns.count()).toBe(3);
    expect(await turns.first().locator(`.chips [data-chip-id="${listId}"]`).count()).toBe(1);
    expect(await turns.first().locator('.answer__by').count()).toBe(1);
    expect(await streaming.locator('[data-testid="chip"], .answer__by').count()).toBe(0);
    expect(await answer.locator(`[data-chip-id="${docId}"]`).count()).toBe(1);
    expect(await answer.locator(`[data-chip-id="${listId}"]`).count()).toBe(1);
    // The caret: one, in the streaming turn, a thin bar inline at the end of the text's last line.
    expect(await answer.getByTestId('caret').count()).toBe(1);
    await expect.poll(() => caretPlace(streaming)).toMatchObject({ inText: true, sameLine: true, after: true });
    const caret = await caretPlace(streaming);
    expect(caret.width).toBeLessThanOrEqual(3);
    expect(caret.height).toBeLessThanOrEqual(16);
    expect(caret.animation).not.toBe('none');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect((await caretPlace(streaming)).animation).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await capture(page, 'answer-streaming');
    expect(await stop.isVisible()).toBe(true);
    await stop.click();
    await answer.locator('.turn__stopped').last().waitFor();
    await capture(page, 'answer-stopped');
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('settings: applied as changed, a shortcut recorder in Mac glyphs that names a conflict, errors beside their field, no overflow at any width', async () => {
    // Settings as a first run shows them, for the docs' picture.
    const { page } = await world.openPanel({ defaultTimeLimit: true });
    await page.getByRole('button', { name: 'Try with Sample Notes' }).waitFor();
    await page.keyboard.press('Meta+Comma');
    const view = page.getByRole('region', { name: 'Settings' });
    await view.waitFor();
    // Group headers in sentence case, as they are written, like today's System Settings.
    const heads = view.locator('.group__title');
    expect(await heads.evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText))).toEqual(['Who answers', 'Privacy', 'Rules', 'Browser', 'Command line']);
    // Pop-up buttons the Mac way: no web select's own arrow, the up-down chevrons (⌃⌄) drawn at the end.
    const popUp = await page.getByRole('combobox', { name: 'Time limit in seconds' }).evaluate((el) => {
      const style = getComputedStyle(el);
      return { appearance: style.appearance, chevrons: /m7\.5 9\.5 4\.5-4\.5 4\.5 4\.5.*m7\.5 14\.5 4\.5 4\.5 4\.5-4\.5/.test(decodeURIComponent(style.backgroundImage)), room: parseFloat(style.paddingRight) >= 20 };
    });
    expect(popUp).toEqual({ appearance: 'none', chevrons: true, room: true });
    // The list scrolls: its foot fades where more is below, its head does not (nothing above yet).
    const edges = () => view.evaluate((el) => ({ top: getComputedStyle(el).getPropertyValue('--fade-top'), bottom: getComputedStyle(el).getPropertyValue('--fade-bottom') }));
    expect(await view.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await edges()).toEqual({ top: '0px', bottom: '24px' });
    await capture(page, 'settings');
    // Scrolled to the end: the head fades, the foot (the list's end) does not.
    await view.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(edges).toEqual({ top: '24px', bottom: '0px' });
    await view.evaluate((el) => el.scrollTo({ top: 0 }));

    // The recorder: Space (or a click) starts it; a known conflict is named and not applied.
    const recorder = page.getByRole('button', { name: /^Shortcut: Control-Option-Command-G/ });
    await recorder.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Meta+Space');
    await page.getByText('⌘Space is already used by Spotlight. Choose another; three modifiers rarely clash.').waitFor();
    await capture(page, 'settings-conflict');
    expect(await settings(page)).toMatchObject({ hotkey: 'Control+Alt+Command+G' });
    await recorder.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Control+Alt+Meta+KeyK');
    await page.getByTestId('saved-hotkey').waitFor();
    expect(await settings(page)).toMatchObject({ hotkey: 'Control+Alt+Command+K' });
    expect(await page.locator('.recorder .keycap').allTextContents()).toEqual(['⌃', '⌥', '⌘', 'K']);

    await page.getByRole('combobox', { name: 'Time limit in seconds' }).selectOption('3000');
    await page.getByTestId('saved-timeoutMs').waitFor();
    await page.getByRole('combobox', { name: 'Backend' }).selectOption('openai');
    const url = page.getByRole('textbox', { name: 'Base URL' });
    await url.fill('ftp://example.com');
    await page.keyboard.press('Enter');
    await page.getByText('Use an http or https address, such as http://127.0.0.1:11434/v1.').waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    expect(await settings(page)).toMatchObject({ timeoutMs: 3000, backend: 'openai', baseURL: '' });
    // One red ring on the field with the problem, focused or not: no red border inside the blue focus ring.
    const ring = () => url.evaluate((el) => { const style = getComputedStyle(el); return { outline: `${style.outlineStyle} ${style.outlineColor}`, border: style.borderTopColor }; });
    const danger = await page.evaluate(() => { const probe = document.createElement('i'); probe.style.color = 'var(--danger)'; document.body.append(probe); const colour = getComputedStyle(probe).color; probe.remove(); return colour; });
    await url.focus();
    expect(await ring()).toEqual({ outline: `solid ${danger}`, border: 'rgba(0, 0, 0, 0)' });
    await capture(page, 'settings-error');
    await page.getByRole('combobox', { name: 'Backend' }).focus();
    expect(await ring()).toEqual({ outline: `solid ${danger}`, border: 'rgba(0, 0, 0, 0)' });

    // Nothing wider than the panel, however wide it is.
    for (const width of [300, 420, 640]) {
      await page.setViewportSize({ width, height: 580 });
      const overflow = await page.evaluate(() => {
        const box = document.querySelector('.settings') as HTMLElement;
        const right = box.getBoundingClientRect().right;
        const wide = [...box.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > right + 0.5).map((el) => el.className || el.tagName);
        return { scroll: box.scrollWidth - box.clientWidth, wide };
      });
      expect(overflow).toEqual({ scroll: 0, wide: [] });
    }
    await page.setViewportSize({ width: 420, height: 580 });
    // Esc goes back; the welcome shows the new shortcut.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.welcome .keycap').allTextContents()).toEqual(['⌃', '⌥', '⌘', 'K']);
  });

  it('has no accessibility violation axe-core finds in any state, light or dark', () => {
    expect(Object.keys(violations).length).toBeGreaterThanOrEqual(7);
    expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((name) => [name, {}])));
  });
});
