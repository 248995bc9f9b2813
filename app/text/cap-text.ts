/**
 * Most characters a provider-supplied string may have where it stands outside the element
 * tree: the app's name in the agent's payload, a provider's name, version or bundle id on a
 * line of the command's output (docs/protocol.md, "Hardening"). Inside the tree the reader's own
 * limits apply; out here a descriptor's 64 KiB name would only crowd out what matters.
 */
export const OUTSIDE_TREE_MAX_CHARS = 200;

/**
 * The text cut to at most `max` characters (code points: a cut never splits a surrogate pair),
 * the last one an ellipsis when something was cut.
 */
export function capText(text: string, max = OUTSIDE_TREE_MAX_CHARS): string {
  if (text.length <= max) return text;
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * A provider's string outside the tree (its name, version, bundle id, a title quoted in a
 * sentence) for one line of text a person reads: runs of white space become one space, so it
 * cannot start lines of its own, and it is capped at 200 characters.
 */
export function oneLine(text: string): string {
  return capText(text.replace(/\s+/g, ' ').trim());
}
