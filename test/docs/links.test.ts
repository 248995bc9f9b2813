// Every doc in the repo points only inside the repo: each relative Markdown link resolves to a
// file a clone has (not one git ignores, such as dist/), each #anchor to a heading of that file,
// and no doc sends the reader to the specification pages outside the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, isExternal, markdownLinks, slug } from './markdown-links.js';

const ROOT = resolve('.');

/** README.md files below a folder, skipping node_modules and build output. */
function readmesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((p) => p.split(sep).at(-1) === 'README.md' && !p.split(sep).some((part) => part === 'node_modules' || part === 'dist'))
    .map((p) => join(folder, p));
}

/** The docs a reader of the repository meets. */
function docs(): string[] {
  const pages = readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => join('docs', f));
  return ['README.md', ...pages, ...readmesUnder('examples'), ...readmesUnder('provider')].sort();
}

const ignored = new Map<string, boolean>();

/** True when git ignores the path: it exists here (built) but not in a clone. */
function ignoredByGit(path: string): boolean {
  let known = ignored.get(path);
  if (known === undefined) {
    try {
      execFileSync('git', ['check-ignore', '-q', '--', path], { stdio: 'ignore' });
      known = true;
    } catch {
      known = false; // exit 1: not ignored (or no git: nothing to tell)
    }
    ignored.set(path, known);
  }
  return known;
}

/** Why a link from `from` does not resolve inside the repo, or undefined when it does. */
function problem(from: string, target: string): string | undefined {
  const hash = target.indexOf('#');
  const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const file = pathPart === '' ? resolve(from) : pathPart.startsWith('/') ? join(ROOT, pathPart) : resolve(dirname(from), pathPart);
  const inRepo = relative(ROOT, file);
  if (inRepo.startsWith('..') || resolve(ROOT, inRepo) !== file) return 'points outside the repository';
  if (!existsSync(file)) return 'no such file in the repository';
  if (ignoredByGit(inRepo)) return 'the file is ignored by git, so a clone does not have it';
  if (anchor === undefined) return undefined;
  if (!statSync(file).isFile() || !file.endsWith('.md')) return 'an anchor into a file that is not Markdown';
  return anchors(readFileSync(file, 'utf8')).has(anchor) ? undefined : `no heading with the anchor #${anchor} in ${inRepo}`;
}

describe('the Markdown reading the link check relies on', () => {
  it('makes GitHub anchors from headings', () => {
    expect(slug('4. Which descriptor the host uses')).toBe('4-which-descriptor-the-host-uses');
    expect(slug('The `glance` command')).toBe('the-glance-command');
    expect(slug('Exit status (added)')).toBe('exit-status-added');
    expect(slug('Values, rects and resource text (findings 1, 7, 8)')).toBe('values-rects-and-resource-text-findings-1-7-8');
    expect(slug('[Links](x.md) and *emphasis*')).toBe('links-and-emphasis');
    expect([...anchors('# A\n\n## A\n\n```\n# not a heading\n```\nSetext\n---\n')]).toEqual(['a', 'a-1', 'setext']);
  });

  it('finds links outside code only, and tells an absent file and a missing anchor', () => {
    const page = 'See [a](docs/app.md), [b](./nope.md) and `[c](code.md)`.\n```\n[d](fenced.md)\n```\n[ref]: docs/agent.md#nowhere\n\nA [link that\nwraps](wrapped.md).\n';
    expect(markdownLinks(page)).toEqual([
      { target: 'docs/app.md', line: 1 }, { target: './nope.md', line: 1 }, { target: 'docs/agent.md#nowhere', line: 5 }, { target: 'wrapped.md', line: 7 },
    ]);
    expect(problem('README.md', 'docs/app.md')).toBeUndefined();
    expect(problem('README.md', './nope.md')).toBe('no such file in the repository');
    expect(problem('README.md', 'docs/agent.md#nowhere')).toMatch(/no heading with the anchor #nowhere/);
    expect(problem('docs/app.md', '../../shared/spec/cli.md')).toBe('points outside the repository');
    expect(problem('README.md', 'dist/app/cli/main.js')).toMatch(/ignored by git/);
  });
});

describe('the docs', () => {
  const pages = docs();

  it('include the README, docs/ and the examples', () => {
    expect(pages).toContain('README.md');
    expect(pages).toContain(join('docs', 'providers.md'));
  });

  it.each(pages)('%s: every relative link resolves to a file in the repository, and every anchor to a heading', (page) => {
    const broken = markdownLinks(readFileSync(page, 'utf8'))
      .filter((link) => !isExternal(link.target))
      .map((link) => ({ ...link, why: problem(page, link.target) }))
      .filter((link) => link.why !== undefined)
      .map((link) => `${page}:${link.line}: ${link.target}: ${link.why}`);
    expect(broken).toEqual([]);
  });

  it.each(pages)('%s: sends no reader to the specification pages outside the repository', (page) => {
    const outside = readFileSync(page, 'utf8')
      .split('\n')
      .map((line, i) => ({ line: i + 1, text: line }))
      .filter(({ text }) => /\.\.\/shared|shared\/spec|spec\/cli\.md|wire\.md|concepts\.txt/.test(text))
      .map(({ line, text }) => `${page}:${line}: ${text.trim()}`);
    expect(outside).toEqual([]);
  });
});
