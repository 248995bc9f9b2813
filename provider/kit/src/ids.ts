import { isValidId } from './protocol/ids.js';

/** Mints element ids that follow the id rule and its stability rules (docs/protocol.md, "Ids and instances"). */
export interface IdMinter {
  /**
   * The id of this object: the same id every time it is asked within this run, and an id
   * never handed out before when the object is new. `prefix` (letters, digits, `-`, `_`, at
   * most 64 characters) only makes ids readable; it is fixed the first time an object is seen,
   * and asking again with another prefix throws a TypeError: two elements made from one object
   * would share one id, and a host drops the second with its whole subtree.
   */
  idFor(object: object, prefix?: string): string;
  /** The id already minted for this object, without minting one. */
  peek(object: object): string | undefined;
  /** True when this minter handed out the id in this run (the object may be gone since). */
  issued(id: string): boolean;
}

const PREFIX_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Names the mistake, never the prefixes or the object: they may come from the app's data. */
const REPREFIXED = 'idFor: this object already has an id with another prefix, and an object keeps its first id; '
  + 'two elements made from one object would share one id and a host would drop the second with its subtree: give each element its own object';

/**
 * An id minter for one run of a provider. Ids are remembered per object in a WeakMap, so
 * an object the app drops does not keep its id alive, and a counter that only grows makes a
 * new object's id differ from every id minted before, even one whose object is gone: a host
 * that still holds an old id then gets `gone`, never a different element.
 *
 * The set of issued ids holds strings, never the objects, so a provider can tell "never
 * issued" from "gone" without keeping the app's objects alive.
 */
export function createIdMinter(defaultPrefix = 'el'): IdMinter {
  checkPrefix(defaultPrefix);
  const ids = new WeakMap<object, string>();
  const issuedIds = new Set<string>();
  let counter = 0;
  return {
    idFor(object: object, prefix?: string): string {
      if (typeof object !== 'object' && typeof object !== 'function') {
        throw new TypeError('idFor needs an object (ids are kept per object identity)');
      }
      const wanted = prefix ?? defaultPrefix;
      checkPrefix(wanted);
      const known = ids.get(object);
      if (known !== undefined) {
        // Only an explicit, different prefix is refused: asking without one means "whichever it has".
        if (prefix !== undefined && known.slice(0, known.lastIndexOf('-')) !== prefix) throw new TypeError(REPREFIXED);
        return known;
      }
      counter += 1;
      const id = `${wanted}-${counter.toString(36)}`;
      ids.set(object, id);
      issuedIds.add(id);
      return id;
    },
    peek(object: object): string | undefined {
      return ids.get(object);
    },
    issued(id: string): boolean {
      return issuedIds.has(id);
    },
  };
}

function checkPrefix(prefix: string): void {
  if (!PREFIX_PATTERN.test(prefix) || !isValidId(`${prefix}-0`)) {
    throw new TypeError('an id prefix is 1 to 64 letters, digits, hyphens and underscores');
  }
}
