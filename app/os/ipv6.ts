/**
 * IPv6 addresses printed the way inet_ntop prints them (and so the way lsof does): lower-case
 * hex groups, the longest run of two or more zero groups as "::", and the last 32 bits in
 * dotted form for IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) addresses.
 */

/** Formats 16 bytes of an IPv6 address; undefined when there are not 16 bytes in range. */
export function formatIpv6(bytes: readonly number[]): string | undefined {
  if (bytes.length !== 16 || bytes.some((b) => !Number.isInteger(b) || b < 0 || b > 255)) return undefined;
  const words: number[] = [];
  for (let i = 0; i < 16; i += 2) words.push((bytes[i] ?? 0) * 256 + (bytes[i + 1] ?? 0));
  // The longest run of zero words (the first one on a tie), if it is at least two long.
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  if (bestLength < 2) bestStart = -1;
  const dotted = `${bytes[12]}.${bytes[13]}.${bytes[14]}.${bytes[15]}`;
  // glibc's rule: ::a.b.c.d when the first six words are zero, ::ffff:a.b.c.d when mapped.
  if (bestStart === 0 && (bestLength === 6 || (bestLength === 5 && words[5] === 0xffff))) {
    return bestLength === 6 ? `::${dotted}` : `::ffff:${dotted}`;
  }
  let out = '';
  for (let i = 0; i < 8; i += 1) {
    if (i === bestStart) {
      out += '::';
      i += bestLength - 1;
      continue;
    }
    if (out !== '' && !out.endsWith(':')) out += ':';
    out += (words[i] ?? 0).toString(16);
  }
  return out;
}
