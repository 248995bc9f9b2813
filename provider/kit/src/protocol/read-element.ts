import { ContentBlockSchema, type ContentBlock, type Element, isRole, STATES, ATTRIBUTE_RELATED } from './element.js';
import { isValidId } from './ids.js';
import { isPlainObject, own } from './json.js';
import { MAX_BLOB_BYTES, MAX_VALUE_DEPTH } from './limits.js';
import { nestsDeeperThan } from './nesting.js';
import type { WarningCollector } from './warnings.js';


const STRING_FIELDS = ['subrole', 'title', 'url'] as const;

/**
 * Reads the fields of one element, without its children (the caller walks the tree
 * iteratively). Unknown fields are dropped silently; a malformed known field is dropped
 * with a warning. `raw.id` has already been checked.
 */
export function readElementFields(raw: Record<string, unknown>, id: string, isRoot: boolean, warn: WarningCollector): Element {
  const out: Element = { id, role: 'Group' };
  const role = own(raw, 'role');
  if (isRoot) {
    out.role = 'Application';
    if (role !== 'Application') warn.add('the root did not state the role Application; it was read as the Application', id);
  } else if (role === 'Application') {
    warn.add('an Application below the root was read as Group', id);
  } else if (isRole(role)) {
    out.role = role;
  } else {
    // The role text is the provider's: it is not quoted, only counted.
    warn.add('an element with a missing or unknown role was read as Group', id);
  }
  for (const field of STRING_FIELDS) {
    const value = own(raw, field);
    if (value === undefined) continue;
    if (typeof value === 'string') out[field] = value;
    else warn.add(`a ${field} that is not a string was dropped`, id);
  }
  for (const state of STATES) {
    const value = own(raw, state);
    if (value === undefined) continue;
    if (typeof value === 'boolean') out[state] = value;
    else warn.add(`a ${state} state that is not a boolean was treated as absent`, id);
  }
  const content = own(raw, 'content');
  if (content !== undefined) {
    if (Array.isArray(content)) out.content = readContent(content, id, warn);
    else warn.add('a content that is not a list was dropped', id);
  }
  const attributes = own(raw, 'attributes');
  if (attributes !== undefined) {
    if (isPlainObject(attributes)) out.attributes = readAttributes(attributes, id, warn);
    else warn.add('attributes that are not an object were dropped', id);
  }
  return out;
}

/**
 * A block that is exactly `{ type: "text", text: <string> }` (own keys, any order), copied as
 * the schema would copy it. Most blocks of a large answer are such plain text, and a schema
 * parse per block was most of the reading's time; anything else (annotations, _meta, extra
 * keys, other types) still goes through the MCP schema, so the result is the same either way.
 */
export function plainTextBlock(block: unknown): ContentBlock | undefined {
  // JSON.parse makes plain objects; another prototype could lend the schema inherited fields.
  if (!isPlainObject(block) || Object.getPrototypeOf(block) !== Object.prototype) return undefined;
  const keys = Object.keys(block);
  if (keys.length !== 2 || block['type'] !== 'text' || !Object.hasOwn(block, 'type')) return undefined;
  const text = own(block, 'text');
  return typeof text === 'string' ? { type: 'text', text } : undefined;
}

function readContent(blocks: unknown[], id: string, warn: WarningCollector): ContentBlock[] {
  const kept: ContentBlock[] = [];
  for (const block of blocks) {
    const plain = plainTextBlock(block);
    if (plain !== undefined) {
      kept.push(plain); // text blocks carry no blob: nothing to measure against the limit
      continue;
    }
    // Measured before the schema: it copies `_meta` by reference, however deep (docs/protocol.md#hardening).
    if (nestsDeeperThan(block, MAX_VALUE_DEPTH)) {
      warn.add(`a content block nested deeper than ${MAX_VALUE_DEPTH} levels was dropped`, id);
      continue;
    }
    const parsed = ContentBlockSchema.safeParse(block);
    if (!parsed.success) {
      warn.add('a content block of an unknown type or not valid for its type was dropped', id);
      continue;
    }
    if (decodedBytes(parsed.data) > MAX_BLOB_BYTES) {
      warn.add(`a content block larger than ${MAX_BLOB_BYTES / (1024 * 1024)} MiB was dropped`, id);
      continue;
    }
    kept.push(parsed.data);
  }
  return kept;
}

/** Decoded size of a block's base64 payload (image, audio, embedded blob); 0 for others. */
export function blobBytes(block: ContentBlock): number {
  let data: string | undefined;
  if (block.type === 'image' || block.type === 'audio') data = block.data;
  else if (block.type === 'resource' && 'blob' in block.resource) data = block.resource.blob;
  if (data === undefined) return 0;
  // Count the base64 characters only: the MCP schema accepts what atob accepts, which skips
  // ASCII whitespace (MIME-style line breaks), and `=` is padding. Every 4 characters are 3 bytes.
  let chars = 0;
  for (let i = 0; i < data.length; i += 1) {
    const c = data.charCodeAt(i);
    if (c !== 0x3d && c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) chars += 1;
  }
  return Math.floor((chars * 3) / 4);
}

/**
 * Decoded data of a block, as The protocol counts it against MAX_BLOB_BYTES: the bytes of a base64
 * payload, or the UTF-8 bytes of an embedded resource's text (docs/protocol.md#hardening: both are
 * data).
 */
export function decodedBytes(block: ContentBlock): number {
  if (block.type === 'resource' && 'text' in block.resource) return utf8Bytes(block.resource.text);
  return blobBytes(block);
}

/**
 * UTF-8 length of a string, as TextEncoder would write it (a lone surrogate becomes U+FFFD,
 * 3 bytes). Pure, without Buffer, so the protocol code runs anywhere.
 */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair: one code point above U+FFFF
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

function readAttributes(attributes: Record<string, unknown>, id: string, warn: WarningCollector): Record<string, unknown> {
  const related = own(attributes, ATTRIBUTE_RELATED);
  const relatedIsList = Array.isArray(related) && !nestsDeeperThan(related, MAX_VALUE_DEPTH);
  const entries = Object.entries(attributes).filter(([key, value]) => {
    if (key === ATTRIBUTE_RELATED) return relatedIsList;
    if (!nestsDeeperThan(value, MAX_VALUE_DEPTH)) return true;
    // The attribute's name is the provider's text too: the warning names the field only.
    warn.add(`an attributes value nested deeper than ${MAX_VALUE_DEPTH} levels was dropped`, id);
    return false;
  });
  // Object.fromEntries defines own properties, so a key such as "__proto__" stays a plain key.
  const out = Object.fromEntries(entries);
  if (related !== undefined) {
    if (Array.isArray(related) && !relatedIsList) {
      warn.add(`an attributes value nested deeper than ${MAX_VALUE_DEPTH} levels was dropped`, id);
    } else if (!relatedIsList) {
      warn.add('a related attribute that is not a list of ids was dropped', id);
    } else if (!related.every(isValidId)) {
      warn.add('entries of a related attribute that are not ids were dropped', id);
      out[ATTRIBUTE_RELATED] = related.filter(isValidId);
    }
  }
  return out;
}
