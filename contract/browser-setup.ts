import { z } from 'zod';

/**
 * Settings › Browser: what `glance browser status` says, as facts the panel words
 * (renderer/src/words/browser.ts). Main finds the browsers, installs the native messaging
 * host's manifest and removes it (main/flow/browser-setup.ts over app/browser); the page only
 * names a browser by its id. Paths come shortened to `~/…`, as everywhere in the panel.
 */

/** The browsers Glance's extension runs in, by the id `glance browser install --browser` takes (app/browser/browsers.ts holds the same list). */
export const BROWSER_IDS = ['chrome', 'chromium', 'brave', 'edge', 'arc', 'vivaldi'] as const;
const BrowserIdSchema = z.enum(BROWSER_IDS);

/** One browser: found on this computer (its user-data folder exists), and whether the helper is installed for it. */
const BrowserRowSchema = z.object({
  browser: BrowserIdSchema,
  /** As users know it ("Google Chrome"). */
  label: z.string().max(60),
  found: z.boolean(),
  installed: z.boolean(),
  /** The page where the user loads an unpacked extension ("chrome://extensions"). */
  extensionsPage: z.string().max(60),
});

/**
 * Why an install or a removal did not happen: the helper is not in this installation
 * (`not-built`), this system has no browser folders Glance knows (`unsupported`), or the files
 * could not be written (`failed`); `unreadable` is the panel's own, when the request itself failed.
 */
const BROWSER_PROBLEMS = ['not-built', 'unsupported', 'failed', 'unreadable'] as const;

export const BrowserViewSchema = z.object({
  browsers: z.array(BrowserRowSchema).max(BROWSER_IDS.length),
  /** The unpacked extension's folder (the Reveal button shows it), and its fixed id. */
  extensionDir: z.string().max(4096),
  extensionId: z.string().regex(/^[a-p]{32}$/).nullable(),
  /** The helper's last start: which browser, when, and whether it still runs (so the extension is connected now). */
  connected: z.object({ browser: z.string().max(100), at: z.string().max(40), running: z.boolean() }).nullable(),
  problem: z.enum(BROWSER_PROBLEMS).optional(),
  /** After Remove: how many files were removed (0: nothing was installed). */
  removed: z.number().int().nonnegative().optional(),
});
export type BrowserView = z.infer<typeof BrowserViewSchema>;

export const BrowserInstallRequestSchema = z.object({ browser: BrowserIdSchema }).strict();
