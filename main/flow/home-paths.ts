import type { Notice } from '../../contract/ipc.js';

/**
 * Paths as a Mac shows them to a person: under the home folder, `~/Library/…`, never the full
 * `/Users/name/…` (nor, in the tests, `/tmp/…`). Main knows the home folder; the page is only
 * ever sent the short form. Pure.
 */

/** `path` with the home folder at its start written `~`. */
export function tildePath(path: string, home: string): string {
  const base = home.replace(/\/+$/, '');
  if (base === '') return path;
  if (path === base) return '~';
  return path.startsWith(`${base}/`) ? `~${path.slice(base.length)}` : path;
}

/** Main's own words (a notice of a damaged file) with every path under the home folder shortened. */
export function tildeText(text: string, home: string): string {
  const base = home.replace(/\/+$/, '');
  if (base === '') return text;
  return text.split(`${base}/`).join('~/');
}

/** A notice with its kept-aside path shortened. */
export function tildeNotice(notice: Notice, home: string): Notice {
  return 'asidePath' in notice ? { ...notice, asidePath: tildePath(notice.asidePath, home) } : notice;
}
