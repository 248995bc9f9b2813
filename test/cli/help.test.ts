// The command as a developer meets it, run as a user runs it (the built bin): --version, help
// for each command, "did you mean" for a mistyped command or option, and a missing option
// value in Glance's own words.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKEND_IDS, backendFacts } from '../../contract/backends.js';
import { COMMAND_HELP } from '../../app/cli/help.js';
import { COMMANDS } from '../../app/cli/main.js';
import { runGlance } from '../helpers/cli.js';

const env = { ...process.env, APP_CONTEXT_PROVIDERS_DIR: '/nonexistent/providers', GLANCE_HOME: '/nonexistent/glance' };
const glance = (...args: string[]) => runGlance(args, env);
const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

describe('glance --version', () => {
  it('prints the version and the protocol, exit 0', async () => {
    for (const flag of ['--version', '-V']) {
      const result = await glance(flag);
      expect(result).toEqual({ code: 0, stdout: `glance ${version} (app-context protocol 0.2.0)\n`, stderr: '' });
    }
  });
});

describe('help for each command', () => {
  it('exists for every command of the table', () => {
    expect(Object.keys(COMMAND_HELP).sort()).toEqual(Object.keys(COMMANDS).sort());
  });

  it.each(Object.keys(COMMAND_HELP))('glance help %s, %s --help and -h print the same help, exit 0', async (command) => {
    const byHelp = await glance('help', command);
    expect(byHelp.code).toBe(0);
    expect(byHelp.stderr).toBe('');
    expect(byHelp.stdout.split('\n')[0]).toBe(COMMAND_HELP[command]?.usage);
    for (const [flag] of COMMAND_HELP[command]?.options ?? []) expect(byHelp.stdout).toContain(flag);
    expect(byHelp.stdout).toContain('--help');
    expect(await glance(command, '--help')).toEqual(byHelp);
    expect(await glance(command, '-h')).toEqual(byHelp);
  });

  it('of ask names every backend of the record, and the compatible server a base URL names', async () => {
    // The record is typed by BackendId; only running the help shows that the text lists them all.
    const help = (await glance('help', 'ask')).stdout;
    const flat = help.replace(/\s+/g, ' ');
    expect(help.split('\n')[0]).toContain(`[--backend ${BACKEND_IDS.join('|')}]`);
    const meaning = /--backend B (.*?) --model M/.exec(flat)?.[1] ?? '';
    for (const id of BACKEND_IDS) expect(meaning).toMatch(new RegExp(`\\b${id}\\b`));
    for (const id of BACKEND_IDS) {
      const compatible = backendFacts(id).model?.compatible;
      if (compatible) expect(flat).toContain(`an ${compatible.label} (${compatible.examples}), with --backend ${id}`);
    }
    expect((await glance('ask', 'q', '--backend')).stderr).toBe(`glance: ask: --backend needs a value: --backend ${BACKEND_IDS.join('|')}\n`);
  });

  it('wins over the rest of the command line, which is not run', async () => {
    const result = await glance('location', 'x', '--pid', '--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('glance location ID --pid N --instance I');
  });

  it('for an unknown command is exit 2, with the closest command', async () => {
    const result = await glance('help', 'curent');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('glance: unknown command "curent"; did you mean `glance current`? `glance help` lists the commands\n');
  });
});

describe('did you mean', () => {
  it.each([
    ['curent', 'current'],
    ['provders', 'providers'],
    ['check', 'check-provider'],
    ['chek-provider', 'check-provider'],
    ['loaction', 'location'],
  ])('glance %s suggests %s, exit 2, one line', async (typed, meant) => {
    const result = await glance(typed);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`glance: unknown command "${typed}"; did you mean \`glance ${meant}\`? \`glance help\` lists the commands\n`);
  });

  it('lists the commands when nothing is close', async () => {
    const result = await glance('frobnicate');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('glance: unknown command "frobnicate"; the commands are providers, current, location, check-provider, ask, rules, history, browser, help (`glance help` says more)\n');
  });

  it('suggests the closest option of the command', async () => {
    const result = await glance('current', '--jsno');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('glance: current: "--jsno" is not an option of current; did you mean --json? `glance current --help` lists its options\n');
  });
});

describe('a missing option value', () => {
  it.each([
    [['current', '--pid'], 'glance: current: --pid needs a value: --pid N\n'],
    [['location', 'sel-1', '--pid', '1', '--instance', '--json'], 'glance: location: --instance needs a value: --instance I\n'],
    [['check-provider', '--timeout', '--pid', '1'], 'glance: check-provider: --timeout needs a value: --timeout MS\n'],
    [['ask', 'what', '--backend'], 'glance: ask: --backend needs a value: --backend offline|anthropic|openai\n'],
    [['providers', '--json=no'], 'glance: providers: --json takes no value\n'],
  ])('%j says so in Glance\'s words, exit 2', async (args, line) => {
    const result = await glance(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(line);
  });
});
