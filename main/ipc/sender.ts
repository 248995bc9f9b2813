/**
 * Who may call main: only the top frame of our own renderer file, so a page we did not load cannot use the contract.
 * A frame that navigated elsewhere, an iframe, or any other page is refused, even though the
 * secure window recipe should make each of those impossible: this is the second line.
 */

/** What the check needs of Electron's WebFrameMain. */
export interface SenderFrame {
  url: string;
  parent: unknown;
}

/** The URL without query and fragment, or undefined when it does not parse. */
function withoutQueryOrHash(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

/** True when the frame is the top frame showing exactly the renderer page at `rendererUrl`. */
export function isOwnRendererFrame(frame: SenderFrame | null | undefined, rendererUrl: string): boolean {
  if (!frame || frame.parent !== null) return false;
  const actual = withoutQueryOrHash(frame.url);
  return actual !== undefined && actual === withoutQueryOrHash(rendererUrl);
}
