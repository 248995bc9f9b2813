// Glance's browser extension and its helper, in Debian's Chromium on a desktop of its own
// (test/helpers/desktop-session.ts): the test's own profile gets the host manifest from
// `glance browser install --profile-dir`, the browser loads the built extension unpacked and
// starts the helper itself, and `glance current` reads the page in front through the protocol.
// The accessibility reader (AT-SPI, --force-renderer-accessibility) is the reference for where
// the selection is on screen: it asks the browser, not the page. One browser serves every case,
// in order: read, scroll, navigate, secrets, quit.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Rect } from '@app-context/provider-kit/protocol';
import { createAccessibilityReader, type AccessibilityReader } from '../../app/os/accessibility/index.js';
import { expectNear } from '../helpers/accessibility-checks.js';
import { BACKGROUND_TEXT, CHROMIUM, startChromiumPage, type ChromiumPage } from '../helpers/chromium-page.js';
import { runGlance } from '../helpers/cli.js';
import { DESKTOP_TOOLS, missingDesktopTools, startDesktopSession, type DesktopSession } from '../helpers/desktop-session.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';

const missing = missingDesktopTools([CHROMIUM]);
// In CI every tool is installed (.ci/run): a missing one fails there instead of skipping.
const RUN = missing.length === 0 || process.env['CI'] === 'true';
if (!RUN) console.warn(`browser extension: skipped, missing ${missing.join(', ')}`);

const SECRET = 'hunter2-in-the-extension-page';

let session: DesktopSession;
let page: ChromiumPage;
let reader: AccessibilityReader;
let providers: Awaited<ReturnType<typeof makeProvidersDir>>;
let env: NodeJS.ProcessEnv;

interface Tree { id: string; role: string; title?: string; url?: string; selected?: boolean; subrole?: string; content?: { type: string; text?: string }[]; children?: Tree[] }
interface CurrentJson { source: string; provider: { pid: number; instance: string }; answer: { instance: string; root: Tree } }

/** Every element of a tree, depth first. */
const flat = (root: Tree): Tree[] => [root, ...(root.children ?? []).flatMap(flat)];

/** The descriptor the helper published, once there is one. */
function descriptor(): { pid: number; helperPid?: number } | undefined {
  const [file] = readdirSync(providers.dir).filter((name) => name.endsWith('.json'));
  return file === undefined ? undefined : (JSON.parse(readFileSync(join(providers.dir, file), 'utf8')) as { pid: number; helperPid?: number });
}

/** `glance current --json` for the app in front. */
async function current(): Promise<{ raw: string; json: CurrentJson }> {
  const run = await runGlance(['current', '--json', '--timeout', '5000'], env);
  expect(run.stderr).toBe('');
  return { raw: run.stdout, json: JSON.parse(run.stdout) as CurrentJson };
}

/** Reads until the selection has this text; returns its Text element and who issued it. */
async function currentWith(text: string): Promise<{ sel: Tree; json: CurrentJson; raw: string }> {
  let last: { raw: string; json: CurrentJson } | undefined;
  await expect.poll(async () => {
    last = await current();
    return flat(last.json.answer.root).find((e) => e.selected === true)?.content?.[0]?.text;
  }, { timeout: 30_000, interval: 200 }).toBe(text);
  const got = last ?? expect.unreachable();
  return { ...got, sel: flat(got.json.answer.root).find((e) => e.selected === true) ?? expect.unreachable() };
}

async function locate(id: string, json: CurrentJson): Promise<{ state: string; rects: Rect[] }> {
  const run = await runGlance(['location', '--pid', String(json.provider.pid), '--instance', json.answer.instance, '--json', '--timeout', '5000', '--', id], env);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as { state: string; rects: Rect[] };
}

/** `glance browser status --json`. */
async function status(): Promise<unknown> {
  const run = await runGlance(['browser', 'status', '--json'], env);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout);
}

/** Presses keys in the front window, as the user would (xdotool). */
function key(keys: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(DESKTOP_TOOLS.xdotool, ['key', keys], { env: session.env, timeout: 10_000 }, (error) => (error ? reject(error) : resolve()));
  });
}

// Room for the browser's first reads on a loaded machine; each poll waits less, so a state that
// never comes is named in the failure.
describe.runIf(RUN)('the browser extension and its helper, in Chromium', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    session = await startDesktopSession();
    process.env['DISPLAY'] = session.display;
    providers = await makeProvidersDir();
    env = { ...providers.env, DISPLAY: session.display };
    const profile = join(providers.dir, '..', 'profile');
    const install = await runGlance(['browser', 'install', '--profile-dir', profile, '--json'], env);
    expect(install.stderr).toBe('');
    const installed = JSON.parse(install.stdout) as { manifestPath: string; extensionDir: string; extensionId: string };
    expect(installed.manifestPath).toBe(join(profile, 'NativeMessagingHosts', 'io.appcontext.glance.browser.json'));
    reader = createAccessibilityReader({ env: session.env });
    page = await startChromiumPage(session, SECRET, {
      profile,
      args: [`--load-extension=${installed.extensionDir}`, `--disable-extensions-except=${installed.extensionDir}`],
      env: { APP_CONTEXT_PROVIDERS_DIR: providers.dir, GLANCE_HOME: providers.home },
      backgroundTabs: ['/background.html'],
    });
    await session.activate(page.window);
    // The browser starts the helper once the extension's worker runs: a state to wait for.
    await vi.waitFor(() => descriptor() ?? expect.unreachable('no descriptor yet'), { timeout: 30_000, interval: 100 });
  }, 120_000);
  afterAll(async () => {
    await reader?.close();
    await page?.stop();
    await session?.stop();
    await providers?.cleanup();
    delete process.env['DISPLAY'];
  });

  it("reads the page in front through the protocol: its title, URL and selection, with the accessibility reader's rectangles", async () => {
    await page.send({ select: ['p1', 4, 'p1', 60] });
    const { sel, json } = await currentWith('quick brown fox jumps over the lazy dog and keeps runnin');
    // The front app is the browser (its window's pid), served by the helper it started.
    expect(json).toMatchObject({ source: 'provider', provider: { pid: page.pid } });
    const elements = flat(json.answer.root);
    expect(json.answer.root).toMatchObject({ role: 'Application', title: 'Chromium' });
    expect(elements.find((e) => e.role === 'Document')).toMatchObject({ title: 'Reader Page', url: page.url });
    expect(elements.find((e) => e.role === 'Heading' && e.title === 'Field guide')).toBeDefined();
    const where = await locate(sel.id, json);
    expect(where.state).toBe('visible');
    expect(where.rects.length).toBeGreaterThan(1);
    let ax: Rect[] | undefined;
    await expect.poll(async () => {
      const read = await reader.read(page.pid, { timeoutMs: 5000 });
      ax = read.ok ? read.read.selection?.rects : undefined;
      return read.ok ? read.read.selection?.text : read.reason;
    }, { timeout: 30_000, interval: 200 }).toBe('quick brown fox jumps over the lazy dog and keeps runnin');
    expectNear(where.rects, ax ?? []);
  });

  it("places the selection on screen at the page's zoom too (Ctrl+Plus, the browser's own zoom)", async () => {
    await page.send({ select: ['p1', 4, 'p1', 60] });
    const { sel, json } = await currentWith('quick brown fox jumps over the lazy dog and keeps runnin');
    const before = (await locate(sel.id, json)).rects;
    await key('ctrl+plus');
    try {
      // The zoom has applied once the passage moved; the accessibility reader then reads the same.
      let where: { state: string; rects: Rect[] } | undefined;
      await expect.poll(async () => { where = await locate(sel.id, json); return where.rects[0]?.w; }).toBeGreaterThan((before[0]?.w ?? 0) + 5);
      let ax: Rect[] | undefined;
      await expect.poll(async () => {
        const read = await reader.read(page.pid, { timeoutMs: 5000 });
        ax = read.ok ? read.read.selection?.rects : undefined;
        return ax?.[0]?.w ?? 0;
      }).toBeGreaterThan((before[0]?.w ?? 0) + 5);
      where = await locate(sel.id, json);
      expectNear(where.rects, ax ?? []);
    } finally {
      await key('ctrl+0');
    }
  });

  it('says offscreen while its tab is in the background or the passage is scrolled away, and gone once the page navigated', async () => {
    await page.send({ select: ['p2', 0, 'p2', 7] });
    const { sel, json } = await currentWith('Another');
    expect((await locate(sel.id, json)).state).toBe('visible');
    // Another tab in front (the browser's own shortcut): the passage's tab is in the background.
    await key('ctrl+Tab');
    await expect.poll(async () => (await locate(sel.id, json)).state).toBe('offscreen');
    await key('ctrl+shift+Tab');
    await expect.poll(async () => (await locate(sel.id, json)).state).toBe('visible');
    await page.send({ scroll: 2500 });
    expect(await locate(sel.id, json)).toEqual({ state: 'offscreen', rects: [] });
    await page.send({ go: '/reader.html?next' });
    await expect.poll(async () => (await locate(sel.id, json)).state, { timeout: 30_000 }).toBe('gone');
  });

  it("never reads a password field's value or a background tab's text", async () => {
    await page.send({ focus: 'pw' });
    const { raw, json } = await current();
    expect(flat(json.answer.root).some((e) => e.selected === true)).toBe(false);
    expect(raw).not.toContain(SECRET);
    expect(raw).not.toContain(BACKGROUND_TEXT);
    await page.send({ select: ['p1', 0, 'p3>last', 7] });
    const across = await currentWith('The quick brown fox jumps over the lazy dog and keeps running across the wide field until night falls.\n\nAnother paragraph, short.\n\nRead the guide before');
    expect(across.raw).not.toContain(BACKGROUND_TEXT);
    expect(flat(across.json.answer.root).find((e) => e.role === 'Link')).toMatchObject({ title: 'the guide', url: expect.stringMatching(/#guide$/) });
  });

  it('takes the helper and its descriptor with it when the browser quits; status saw it connected, and then not', async () => {
    const published = descriptor() ?? expect.unreachable();
    // The descriptor names the browser as the app and the helper as the process that listens.
    expect(published).toMatchObject({ pid: page.pid, helperPid: expect.any(Number) });
    const helper = published.helperPid ?? expect.unreachable();
    expect(await status()).toMatchObject({ installed: [{ present: true }], connected: { browser: 'Chromium', browserPid: page.pid, helperPid: helper, running: true } });
    await page.stop();
    await expect.poll(descriptor, { timeout: 30_000 }).toBeUndefined();
    await expect.poll(() => { try { process.kill(helper, 0); return true; } catch { return false; } }, { timeout: 30_000 }).toBe(false);
    expect(await status()).toMatchObject({ connected: { helperPid: helper, running: false } });
  });
});
