// No tracked file points where a clone cannot follow: not to an issue number ("issue 21",
// "Issue 15, point 7", "issues 12"), not to the design guide or the specification pages kept
// outside the repository. A comment, a test's name or a doc says the why in place, or cites the
// repo's own docs/*.md (the kit's comments ship in its .d.ts too, where no tracker is at hand).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** What a pointer out of the repository looks like (POSIX extended, as `git grep -E` reads it; JavaScript reads it the same). */
const POINTERS = String.raw`issues? #?[0-9]+|design\.md|\.\./shared|shared/spec|spec/cli\.md|wire\.md|concepts\.txt|Concepts page`;

/** This file names the patterns; the lock file is npm's. */
const SKIPPED = [':!test/lint/pointers.test.ts', ':!package-lock.json'];

/** The one deliberate hit: the link checker's own test that a link to the specification pages is refused. */
const ALLOWED = [{ file: 'test/docs/links.test.ts', text: "problem('docs/app.md', '../../shared/spec/cli.md')" }];

/** Every line of a tracked text file that points out of the repository, as `path:line: text`. */
function trackedPointers(): string[] {
  let found = '';
  try {
    found = execFileSync('git', ['grep', '-n', '-I', '-i', '-E', POINTERS, '--', '.', ...SKIPPED], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    // git grep exits 1 when nothing matches.
    if ((error as { status?: number }).status !== 1) throw error;
  }
  return found
    .split('\n')
    .filter(Boolean)
    .filter((hit) => !ALLOWED.some(({ file, text }) => hit.startsWith(`${file}:`) && hit.includes(text)));
}

describe('pointers out of the repository', () => {
  it('the pattern catches each form a pointer took, and not an ordinary sentence', () => {
    const pointer = new RegExp(POINTERS, 'i');
    const seen = ['// Model clients follow no redirect (issue 21, finding 4).', "it('is told (Issue 15, point 7)'", 'the Mac look of issues 12 and 25', 'see issue #3', '(design.md, pattern 2)', 'see ../shared/spec/wire.md', 'concepts.txt'];
    expect(seen.filter((line) => !pointer.test(line))).toEqual([]);
    expect(pointer.test('a known issue with 2 providers; the design of docs/architecture.md')).toBe(false);
  });

  it('no tracked source, test, script, workflow or doc holds one (but the link checker\'s refusal test)', () => {
    expect(trackedPointers()).toEqual([]);
  });
});
