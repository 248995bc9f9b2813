/**
 * Keeps the token out of everything check-provider prints (docs/protocol.md,
 * "What never leaves the host"). Provider texts may be shown here, and only here, but a provider
 * could echo the token in an error text, or put it in a descriptor field we name: every line goes
 * through this on its way out.
 */

/** Tokens shorter than this are not redacted: replacing every "a" would garble the output. */
const MIN_REDACTED_LENGTH = 4;
/** Longest provider text we show; the rest is cut with an ellipsis. */
const MAX_PROVIDER_TEXT = 300;

/** Replaces every occurrence of the token, raw and as JSON would escape it, with `[token]`. */
export function redactToken(text: string, token: string | undefined): string {
  if (token === undefined || token.length < MIN_REDACTED_LENGTH) return text;
  let out = text.split(token).join('[token]');
  const escaped = JSON.stringify(token).slice(1, -1);
  if (escaped !== token) out = out.split(escaped).join('[token]');
  return out;
}

/**
 * A provider's own text made safe to print on one line: control characters (which could move
 * the cursor or recolour the terminal) become `?`, and long texts are cut.
 */
export function providerText(text: string, token: string | undefined): string {
  // Redact before cutting, so a token cannot survive half-cut at the end.
  // eslint-disable-next-line no-control-regex
  const clean = redactToken(text, token).replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > MAX_PROVIDER_TEXT ? `${clean.slice(0, MAX_PROVIDER_TEXT)}…` : clean;
}

/** A line of our own output made safe: the token redacted, control characters replaced. Not cut. */
export function safeLine(text: string, token: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return redactToken(text, token).replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}
