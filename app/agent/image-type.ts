/**
 * The image types a model backend takes, told from the bytes rather than the provider's word.
 * A provider's `mimeType` may lie (HTML labelled image/png); a model API answers such a
 * request with an error that would lose the whole question, so only images whose first bytes
 * match their stated type go out as image parts.
 */

const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** Why an image block cannot go to a model as an image, or undefined when it can. */
export function imageRefusal(mimeType: string, base64: string): string | undefined {
  const matches = Object.hasOwn(SIGNATURES, mimeType) ? SIGNATURES[mimeType] : undefined;
  if (!matches) return 'the model does not take this image type';
  // 16 bytes are enough for every signature; base64 may carry line breaks (MCP allows them).
  const head = Buffer.from(base64.slice(0, 64).replace(/\s+/g, '').slice(0, 24), 'base64');
  return matches(head) ? undefined : 'its data is not the image type it claims';
}
