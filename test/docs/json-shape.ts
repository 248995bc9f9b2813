// How docs/protocol.md's exchanges are held to what a provider answered: value for value, except
// the values a provider mints for each run, which must only have the right shape.

/** The id rule of docs/protocol.md, "Ids and instances". */
const ID = /^[A-Za-z0-9_-]{1,128}$/;
/** Fields whose string values are the provider's own per run: an instance and element ids. */
const MINTED = new Set(['instance', 'id']);
/**
 * Fields the kit sends that the page leaves out, and says so: a tool's JSON Schema of its answer
 * and the MCP SDK's `execution`, both optional in MCP.
 */
const LEFT_OUT = new Set(['outputSchema', 'execution']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A text block's text that is itself JSON (the answer's copy for text-only clients), parsed. */
function jsonText(value: unknown): unknown {
  if (typeof value !== 'string' || !/^[[{]/.test(value)) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The differences between what the page shows and what came, each named by its JSON path (paths
 * and types only: a difference never quotes what the provider sent). Empty when they match.
 */
export function matchShape(shown: unknown, got: unknown, path = '$', key = ''): string[] {
  if (MINTED.has(key) && typeof shown === 'string') {
    return typeof got === 'string' && ID.test(got) && ID.test(shown) ? [] : [`${path}: not an id`];
  }
  const shownJson = key === 'text' ? jsonText(shown) : undefined;
  if (shownJson !== undefined) {
    const gotJson = jsonText(got);
    return gotJson === undefined ? [`${path}: not JSON text`] : matchShape(shownJson, gotJson, `${path}(json)`);
  }
  if (Array.isArray(shown)) {
    if (!Array.isArray(got)) return [`${path}: not a list`];
    if (got.length !== shown.length) return [`${path}: ${got.length} entries, the page shows ${shown.length}`];
    return shown.flatMap((entry, i) => matchShape(entry, got[i], `${path}[${i}]`));
  }
  if (isObject(shown)) {
    if (!isObject(got)) return [`${path}: not an object`];
    const missing = Object.keys(shown).filter((k) => !(k in got)).map((k) => `${path}.${k}: missing`);
    const extra = Object.keys(got).filter((k) => !(k in shown) && !LEFT_OUT.has(k)).map((k) => `${path}.${k}: not on the page`);
    const inner = Object.keys(shown).filter((k) => k in got).flatMap((k) => matchShape(shown[k], got[k], `${path}.${k}`, k));
    return [...missing, ...extra, ...inner];
  }
  return Object.is(shown, got) ? [] : [`${path}: differs (${typeof got} where the page shows a ${typeof shown})`];
}
