// Paths the panel shows are the user's own, as a Mac writes them (main/flow/home-paths.ts): under
// the home folder with ~, anything else as it is.
import { describe, expect, it } from 'vitest';
import { tildeNotice, tildePath, tildeText } from '../../main/flow/home-paths.js';

const HOME = '/Users/ana';

describe('home paths', () => {
  it('writes the home folder at the start of a path as ~, and leaves other paths and look-alikes alone', () => {
    expect(tildePath('/Users/ana/Library/Application Support/Glance/settings.damaged-1.json', HOME)).toBe('~/Library/Application Support/Glance/settings.damaged-1.json');
    expect(tildePath('/Users/ana', `${HOME}/`)).toBe('~');
    expect(tildePath('/Users/anabel/notes.json', HOME)).toBe('/Users/anabel/notes.json');
    expect(tildePath('/tmp/x.json', HOME)).toBe('/tmp/x.json');
    expect(tildePath('/tmp/x.json', '')).toBe('/tmp/x.json');
  });

  it("shortens every path in main's own words, and a notice's kept-aside path", () => {
    expect(tildeText("Glance's rules file /Users/ana/Library/Glance/rules.json is damaged.", HOME)).toBe("Glance's rules file ~/Library/Glance/rules.json is damaged.");
    expect(tildeNotice({ kind: 'rules-reset', asidePath: '/Users/ana/G/rules.damaged-2.json' }, HOME)).toEqual({ kind: 'rules-reset', asidePath: '~/G/rules.damaged-2.json' });
    expect(tildeNotice({ kind: 'hotkey', hotkey: 'Alt+Space', problem: 'taken' }, HOME)).toEqual({ kind: 'hotkey', hotkey: 'Alt+Space', problem: 'taken' });
  });
});
