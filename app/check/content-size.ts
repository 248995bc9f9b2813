import { type ContentBlock, type Element, blobBytes } from '@app-context/provider-kit/protocol';
import { MAX_CHECK_ANSWER_BYTES, MAX_CHECK_BLOB_BYTES, MAX_CHECK_TEXT_BYTES } from './limits.js';
import { fail, pass, type CheckResult } from './types.js';

/** "64 KiB", "1 MiB". */
function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

/** Text bytes of a block: a text block's text or an embedded resource's text. */
function textBytes(block: ContentBlock): number {
  if (block.type === 'text') return Buffer.byteLength(block.text, 'utf8');
  if (block.type === 'resource' && 'text' in block.resource) return Buffer.byteLength(block.resource.text, 'utf8');
  return 0;
}

/**
 * Content kept small (limits.ts): no element's text block over 64 KiB, no image, audio or
 * blob over 1 MiB decoded, and the whole answer under 4 MiB of JSON. Names the ids only.
 */
export function checkContentSize(root: Element, answerJsonBytes: number): CheckResult {
  const problems: string[] = [];
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    for (const block of element.content ?? []) {
      const text = textBytes(block);
      if (text > MAX_CHECK_TEXT_BYTES) problems.push(`${element.id} has ${size(text)} of text in one block (at most ${size(MAX_CHECK_TEXT_BYTES)})`);
      const blob = blobBytes(block);
      if (blob > MAX_CHECK_BLOB_BYTES) problems.push(`${element.id} has ${block.type === 'image' ? 'an' : 'a'} ${block.type} of ${size(blob)} (at most ${size(MAX_CHECK_BLOB_BYTES)})`);
    }
    for (const child of element.children ?? []) stack.push(child);
  }
  if (answerJsonBytes > MAX_CHECK_ANSWER_BYTES) problems.push(`the whole answer is ${size(answerJsonBytes)} of JSON (at most ${size(MAX_CHECK_ANSWER_BYTES)})`);
  if (problems.length === 0) return pass('current-content-size', `${size(answerJsonBytes)} in all`);
  const shown = problems.slice(0, 3).join('; ') + (problems.length > 3 ? `; and ${problems.length - 3} more` : '');
  return fail('current-content-size', `${shown}. A provider keeps content small: send the selection or the visible part, or a resource_link instead of the whole thing`);
}
