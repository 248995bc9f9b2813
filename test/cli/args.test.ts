// The command-line rules shared by every `glance` command: ids and instances may begin with
// "-" (the id rule of docs/protocol.md, "Ids and instances"), so an option's value may too;
// everything else is exit 2, one line.
import { describe, expect, it } from 'vitest';
import { HelpRequested, parseCommandLine, parseTimeout } from '../../app/cli/args.js';
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

  it('says in its own words that an option needs its value, naming the value, when the next word is an option or there is none', () => {
    expect(usageMessage(() => parseCommandLine(['sel-1', '--instance', '--json'], LOCATION, 'location'))).toBe('location: --instance needs a value: --instance I');
    expect(usageMessage(() => parseCommandLine(['sel-1', '--pid'], LOCATION, 'location'))).toBe('location: --pid needs a value: --pid N');
    expect(usageMessage(() => parseCommandLine(['sel-1', '--pid', '--', '-x'], LOCATION, 'location'))).toBe('location: --pid needs a value: --pid N');
    expect(usageMessage(() => parseCommandLine(['--json=yes'], LOCATION, 'location'))).toBe('location: --json takes no value');
  });

  it('never passes node:util\'s wording on', () => {
    for (const argv of [['--instance'], ['--instance', '--pid'], ['--json=1'], ['--nope'], ['-x'], ['--pid=']]) {
      let message = '';
      try {
        parseCommandLine(argv, LOCATION, 'location');
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, argv.join(' ')).not.toMatch(/Option '|argument missing|ambiguous|Unknown option|does not take an argument/);
    }
  });

  it('passes a negative time limit to the time-limit rule, which names it', () => {
    const { values } = parseCommandLine(['--timeout', '-1'], { timeout: { type: 'string' } }, 'current');
    expect(values.timeout).toBe('-1');
    expect(usageMessage(() => parseTimeout(values.timeout, 'current'))).toBe('current: --timeout takes milliseconds (1 to 9999999), not "-1"');
  });

  it('takes an id that begins with "-" after "--", and says so when it comes before', () => {
    expect(parseCommandLine(['--pid', '1', '--', '-dash'], LOCATION, 'location').positionals).toEqual(['-dash']);
    const message = usageMessage(() => parseCommandLine(['-dash', '--pid', '1'], LOCATION, 'location', true));
    expect(message).toBe('location: "-dash" is not an option of location; an id that begins with "-" goes last, after "--" (as in -- -dash); `glance location --help` lists its options');
  });

  it('leaves words after "--" alone, even ones that look like options', () => {
    expect(parseCommandLine(['--', '--instance', '-x'], LOCATION, 'location').positionals).toEqual(['--instance', '-x']);
  });

  it('names an unknown option with one line, and the closest option when one is near', () => {
    const message = usageMessage(() => parseCommandLine(['--jsn'], { json: { type: 'boolean' } }, 'providers'));
    expect(message).toBe('providers: "--jsn" is not an option of providers; did you mean --json? `glance providers --help` lists its options');
    expect(usageMessage(() => parseCommandLine(['--tiemout', '5'], { timeout: { type: 'string' }, json: { type: 'boolean' } }, 'current'))).toMatch(/did you mean --timeout\?/);
    expect(usageMessage(() => parseCommandLine(['--frobnicate'], { json: { type: 'boolean' } }, 'providers'))).toBe('providers: "--frobnicate" is not an option of providers; `glance providers --help` lists its options');
  });

  it('asks for help with --help or -h before "--", but takes -h as a value and --help after "--" as a word', () => {
    expect(() => parseCommandLine(['--help'], LOCATION, 'location')).toThrow(HelpRequested);
    expect(() => parseCommandLine(['sel-1', '-h', '--pid', '1'], LOCATION, 'location')).toThrow(HelpRequested);
    expect(() => parseCommandLine(['sel-1', '--instance', '--help'], LOCATION, 'location')).toThrow(HelpRequested);
    expect(parseCommandLine(['sel-1', '--instance', '-h'], LOCATION, 'location').values.instance).toBe('-h');
    expect(parseCommandLine(['--pid', '1', '--', '--help'], LOCATION, 'location').positionals).toEqual(['--help']);
  });
});
