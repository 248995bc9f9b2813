/**
 * How deeply a provider's value nests, measured with an explicit stack: a value 20,000 levels
 * deep arrives in a 40 KB answer, and measuring it by recursion would overflow the very stack
 * the measurement protects. A scalar nests 0 levels, `[]` and `{}` 1, `[[1]]` 2.
 */

/**
 * True when `value` nests more than `limit` levels. The walk stops at the first container
 * deeper than the limit, so it never goes further down than limit + 1 levels (a cycle, which
 * JSON cannot make, ends there too). Own enumerable values are visited; a Map, a Date or a
 * boxed value counts as one level, like the empty object JSON.stringify makes of it.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const nodes: object[] = [value];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop() as object;
    const depth = depths.pop() as number;
    if (depth > limit) return true;
    const children: unknown[] = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
