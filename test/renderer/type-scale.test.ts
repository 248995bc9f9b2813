// The panel's type scale: three sizes, defined once as custom properties
// (renderer/src/type-scale.css) and used everywhere by name. Read from the BUILT CSS, so a size
// typed into any stylesheet, or one the minifier rewrote, is seen as the panel will have it.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureRendererBuilt } from '../e2e/harness/build.js';

/** The three sizes: the system's 13, 11, and one title size. */
const SCALE = { '--type-body': '13px', '--type-small': '11px', '--type-title': '15px' };
const BY_NAME = /^var\(--type-(body|small|title)\)$/;

/** Every value given to `property` in the CSS (minified or not): `font-size: x` or the `font: …` shorthand. */
function valuesOf(css: string, property: string): string[] {
  const pattern = new RegExp(`(?:^|[;{\\s])${property}\\s*:\\s*([^;}]+)`, 'g');
  return [...css.matchAll(pattern)].map((match) => (match[1] ?? '').trim());
}

/** The size in a `font` shorthand: what stands before the optional `/line-height` and the families. */
function shorthandSize(value: string): string | null {
  if (value === 'inherit') return null;
  const match = /(var\([^)]*\)|[\d.]+(?:px|em|rem|pt|%)|\b(?:small|medium|large|x-large|smaller|larger)\b)(?:\s*\/|\s)/.exec(value);
  return match?.[1] ?? value;
}

let css: { file: string; text: string }[] = [];
beforeAll(async () => {
  const assets = join(await ensureRendererBuilt(), 'assets');
  const files = (await readdir(assets)).filter((file) => file.endsWith('.css'));
  css = await Promise.all(files.map(async (file) => ({ file, text: await readFile(join(assets, file), 'utf8') })));
}, 120_000);

describe('the type scale', () => {
  it('is three sizes, defined once each as custom properties', () => {
    const panel = css.map((item) => item.text).join('\n');
    const defined = [...panel.matchAll(/--type-([a-z-]+)\s*:\s*([^;}]+)/g)].map((match) => [`--type-${match[1] ?? ''}`, (match[2] ?? '').trim()]);
    expect(Object.fromEntries(defined)).toEqual(SCALE);
    expect(new Set(Object.values(SCALE)).size).toBe(3);
  });

  it('is the only way the built CSS sizes text: every font-size and font shorthand names one of the three', () => {
    expect(css.map((item) => item.file).some((file) => file.startsWith('panel'))).toBe(true);
    const offenders: string[] = [];
    let sized = 0;
    for (const { file, text } of css) {
      for (const value of valuesOf(text, 'font-size')) {
        sized += 1;
        if (value !== 'inherit' && !BY_NAME.test(value)) offenders.push(`${file}: font-size: ${value}`);
      }
      for (const value of valuesOf(text, 'font')) {
        const size = shorthandSize(value);
        if (size === null) continue;
        sized += 1;
        if (!BY_NAME.test(size)) offenders.push(`${file}: font: ${value}`);
      }
    }
    expect(offenders).toEqual([]);
    // The check read the sizes it guards (a pattern that matched nothing would pass anything).
    expect(sized).toBeGreaterThan(40);
  });

  it('reads a size typed in px, em or a keyword as one outside the scale', () => {
    expect(valuesOf('.a{font-size:12px}.b{color:red;font:500 0.85em/1 x}', 'font-size')).toEqual(['12px']);
    expect(shorthandSize('500 0.85em/1 ui-monospace')).toBe('0.85em');
    expect(shorthandSize('12px ui-monospace,Menlo')).toBe('12px');
    expect(shorthandSize('500 var(--type-small)/16px -apple-system')).toBe('var(--type-small)');
  });
});
