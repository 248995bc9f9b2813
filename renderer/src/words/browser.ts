import type { BrowserView } from '../../../contract/browser-setup.js';

/**
 * Settings › Browser's words for what main reports as facts (contract/browser-setup.ts): why an
 * install or a removal did not happen, whether the extension has connected, what Remove did.
 * The same facts `glance browser status` prints in its own words.
 */

/** Why nothing was installed or removed. */
export function browserProblemWords(problem: NonNullable<BrowserView['problem']>): string {
  switch (problem) {
    case 'not-built':
      return 'This copy of Glance lacks its browser helper or extension. Install Glance again, then try once more.';
    case 'unsupported':
      return 'Glance’s browser helper does not run on this system.';
    case 'failed':
      return 'Glance could not write the browser’s files. Check that your browser’s folder can be written, then try again.';
    case 'unreadable':
      return 'Glance could not tell what is installed. Close Settings and open it again.';
  }
}

/** Whether the extension has connected: now, once, or never. */
export function connectedWords(connected: BrowserView['connected']): string {
  if (connected === null) return 'The extension has not connected yet: load it in the browser (the steps below).';
  if (connected.running) return `Connected now: the extension in ${connected.browser} answers the shortcut.`;
  const when = new Date(connected.at);
  const day = Number.isNaN(when.getTime()) ? connected.at : when.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return `Last connected ${day} (${connected.browser}); not connected now. Open the browser to connect again.`;
}

/** After Remove: what went, and what the user removes in the browser. */
export function removedWords(removed: number): string {
  return removed === 0
    ? 'Nothing to remove: the helper is not installed.'
    : 'Removed the helper from every browser. Remove the extension in the browser too: its extensions page, Glance, Remove.';
}

/** When no browser Glance knows was found on this computer. */
export const NO_BROWSER_WORDS = 'No Chromium-based browser found (Chrome, Chromium, Brave, Edge, Arc, Vivaldi). Open one once, then come back.';

/** What the section is for, under its title. */
export const BROWSER_INTRO = 'Lets Glance read the page in front (its title, address and your selection) when you press the shortcut in a browser.';
