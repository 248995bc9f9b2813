import type { Element } from '@app-context/provider-kit/protocol';
import { describeExclusion, type Exclusion } from './schema.js';

/** An element a standing exclusion matches, with the text naming that exclusion. */
export interface RuleMatch {
  id: string;
  rule: string;
}

function matches(element: Element, exclusion: Exclusion): boolean {
  return (exclusion.role === undefined || element.role === exclusion.role) && (exclusion.subrole === undefined || element.subrole === exclusion.subrole);
}

/**
 * Every element one of the app's standing exclusions matches, in document order, nested ones
 * included (the panel shows each; what is sent leaves out the top of each subtree). The first
 * matching exclusion names it. Iterative, like every walk of a provider's tree.
 */
export function matchExclusions(root: Element, exclusions: readonly Exclusion[]): RuleMatch[] {
  if (exclusions.length === 0) return [];
  const texts = exclusions.map(describeExclusion);
  const found: RuleMatch[] = [];
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    const index = exclusions.findIndex((exclusion) => matches(element, exclusion));
    if (index >= 0) found.push({ id: element.id, rule: texts[index] as string });
    const children = element.children ?? [];
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as Element);
  }
  return found;
}
