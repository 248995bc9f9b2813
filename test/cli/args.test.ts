// The command-line rules shared by every `glance` command: ids and instances may begin with
// "-" (wire.md's id rule), so an option's value may too; everything else is exit 2, one line.
import { describe, expect, it } from 'vitest';
import { parseCommandLine, parseTimeout } from '../../app/cli/args.js';
import { UsageError } from '../../app/cli/exit-codes.js';

const LOCATION = { pid: { type: 'string' }, instance: { type: 'string' }, json: { type: 'boolean' } } as const;
const ASK = { exclude: { type: 'string', multiple: true }, json: { type: 'boolean' } } as const;

function usageMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('parseCommandLine', () => {
  it('takes a value that begins with "-" after an option that takes a value', () => {
    const { values, positionals } = parseCommandLine(['sel-1', '--pid', '42', '--instance', '-k3f9x2', '--json'], LOCATION, 'location');
    expect(values).toEqual({ pid: '42', instance: '-k3f9x2', json: true });
    expect(positionals).toEqual(['sel-1']);
  });

  it('takes repeated values that begin with "-" (ask --exclude)', () => {
    const { values, positionals } = parseCommandLine(['what is this', '--exclude', '-a', '--exclude', '--b_2', '--exclude', 'c'], ASK, 'ask');
    expect(values.exclude).toEqual(['-a', '--b_2', 'c']);
    expect(positionals).toEqual(['what is this']);
  });

  it('still calls a missing value missing when the next word is an option of the command', () => {
    expect(usageMessage(() => parseCommandLine(['sel-1', '--instance', '--json'], LOCATION, 'location'))).toMatch(/^location: Option '--instance' argument is ambiguous/);
  });

  it('passes a negative time limit to the time-limit rule, which names it', () => {
    const { values } = parseCommandLine(['--timeout', '-1'], { timeout: { type: 'string' } }, 'current');
    expect(values.timeout).toBe('-1');
    expect(usageMessage(() => parseTimeout(values.timeout, 'current'))).toBe('current: --timeout takes milliseconds (1 to 9999999), not "-1"');
  });

  it('takes an id that begins with "-" after "--", and says so when it comes before', () => {
    expect(parseCommandLine(['--pid', '1', '--', '-dash'], LOCATION, 'location').positionals).toEqual(['-dash']);
    const message = usageMessage(() => parseCommandLine(['-dash', '--pid', '1'], LOCATION, 'location', true));
    expect(message).toBe('location: "-dash" is not an option of location; an id that begins with "-" goes last, after "--" (as in -- -dash); see `glance help`');
  });

  it('leaves words after "--" alone, even ones that look like options', () => {
    expect(parseCommandLine(['--', '--instance', '-x'], LOCATION, 'location').positionals).toEqual(['--instance', '-x']);
  });

  it('names an unknown option with one line', () => {
    const message = usageMessage(() => parseCommandLine(['--jsn'], { json: { type: 'boolean' } }, 'providers'));
    expect(message).toBe('providers: "--jsn" is not an option of providers; see `glance help`');
  });
});
