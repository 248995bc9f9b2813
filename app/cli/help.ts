/**
 * Each command's help, for `glance help COMMAND` and `glance COMMAND --help`: its usage line,
 * what it does, and each option. The words follow docs/cli.md, which has the whole story
 * (output shapes, exit statuses); a command added to main.ts's table gets an entry here too
 * (test/cli/help.test.ts checks that every command has one). What has its home elsewhere (the
 * backends, the time limits) is rendered from there, never copied.
 */
import { DEFAULT_TIMEOUT_MS } from '@app-context/provider-kit/protocol';
import { BACKEND_IDS, backendFacts, OFFLINE_BACKEND } from '../../contract/backends.js';
import { DEFAULT_MODEL_TIMEOUT_MS } from '../agent/turn.js';
import { BROWSER_NAMES } from '../browser/browsers.js';
import { BACKEND_CHOICE, MAX_TIMEOUT_ARG_MS } from './args.js';

/** One command's help. */
export interface CommandHelp {
  usage: string;
  about: string;
  options: readonly (readonly [flag: string, meaning: string])[];
}

const PID = ['--pid N', 'the app\'s process id; without it, the app in front (macOS; Linux under X11)'] as const;
const APP = ['--app NAME', 'instead of --pid: the app by its bundle id (com.apple.Notes, or on Linux the program\'s name, node) or its name (Notes); when several processes match, they are listed and none is chosen'] as const;
const TIMEOUT = ['--timeout MS', `the one time limit on each exchange with the provider, 1 to ${MAX_TIMEOUT_ARG_MS} ms (default ${DEFAULT_TIMEOUT_MS})`] as const;
const ACCESSIBILITY = ['--accessibility', 'when the app has no provider, read it through the OS\'s accessibility layer this once (your consent for this call; `glance rules accessibility` stores one)'] as const;

/** "a, b or c". */
const orList = (words: string[]): string => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`);

/** Every backend, the default first: "offline (default, no model or key), anthropic or openai". */
const BACKENDS_MEANING = orList(BACKEND_IDS.map((id) => {
  if (id !== OFFLINE_BACKEND) return id;
  const facts = backendFacts(id);
  return `${id} (default${facts.model === null && facts.key === null ? ', no model or key' : ''})`;
}));

/** What --base-url names: a compatible server of the backends that have one. */
const BASE_URL_MEANING = BACKEND_IDS.flatMap((id) => {
  const compatible = backendFacts(id).model?.compatible;
  return compatible ? [`an ${compatible.label} (${compatible.examples}), with --backend ${id}`] : [];
}).join('; ');

const JSON_OUT = ['--json', 'machine-readable output (docs/cli.md has its shape)'] as const;

/** The help of every command, by name. */
export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  providers: {
    usage: 'glance providers [--json] [--prune [--yes]]',
    about: 'Lists every descriptor in the providers folder with its verdict: usable, or why it is ignored. With --prune, lists your own descriptors whose process is gone (left by a crash) and removes them, after asking.',
    options: [
      JSON_OUT,
      ['--prune', 'remove your own descriptors whose process is gone: never one whose process runs, another user\'s, a link (not followed) or anything outside the folder'],
      ['--yes', 'with --prune: remove without asking (needed when not on a terminal)'],
    ],
  },
  current: {
    usage: 'glance current [--pid N | --app NAME] [--accessibility] [--timeout MS] [--json]',
    about: 'Collects the context of the front app (or of process N) as the hotkey does, and prints it: the element tree as the host reads it, with a warning for each correction.',
    options: [PID, APP, ACCESSIBILITY, TIMEOUT, JSON_OUT],
  },
  location: {
    usage: 'glance location ID --pid N|--app NAME [--instance I] [--timeout MS] [--json]',
    about: 'Asks the provider that issued element ID where it is on screen now. I is the instance that issued the id (from `glance current`); an ID that begins with "-" goes last, after "--".',
    options: [['--pid N', 'the process that issued the id (it or --app is required)'], APP, ['--instance I', 'the instance that issued the id; needed only when the process runs more than one provider'], TIMEOUT, JSON_OUT],
  },
  'check-provider': {
    usage: 'glance check-provider --pid N|--app NAME [--timeout MS] [--json]',
    about: 'For a provider\'s developer: checks the running provider of process N against every rule a provider keeps, in the order a host meets them, and says what it breaks. Shows the provider\'s own error texts (the one place that does), never its token.',
    options: [['--pid N', 'the provider\'s process id (it or --app is required)'], APP, TIMEOUT, JSON_OUT],
  },
  ask: {
    usage: `glance ask PROMPT [--pid N | --app NAME] [--accessibility] [--exclude ID]... [--allow ID]... [--backend ${BACKEND_CHOICE}] [--model M] [--base-url URL] [--timeout MS] [--model-timeout MS] [--json]`,
    about: 'The whole job without the panel: collects the context, leaves out what you exclude, asks the agent, streams its answer, and locates the elements it highlights.',
    options: [
      PID,
      APP,
      ACCESSIBILITY,
      ['--exclude ID', 'leave this element and its subtree out (repeatable)'],
      ['--allow ID', 'send an element your rule leaves out, or one withheld for holding a secret, with this message only (repeatable; an id that is itself a secret is shown, and given, as withheld@N)'],
      ['--backend B', BACKENDS_MEANING],
      ['--model M', 'the model; each backend has a default'],
      ['--base-url URL', BASE_URL_MEANING],
      TIMEOUT,
      ['--model-timeout MS', `the model's own time limit (default ${DEFAULT_MODEL_TIMEOUT_MS})`],
      ['--json', 'one JSON object per line, as things happen'],
    ],
  },
  rules: {
    usage: 'glance rules [--json] | rules set BUNDLE_ID allow|never|local | rules accessibility BUNDLE_ID ask|always|never [--program PATH] | rules exclude BUNDLE_ID [--role R] [--subrole S] | rules remove BUNDLE_ID | rules reset [--yes]   (each takes --json)',
    about: 'Your rules per app, shared with the menu-bar app: allow (the default), never (its provider is never asked) or local (its context goes only to a model on this machine), whether an app without a provider may be read through Accessibility (ask, the default, always or never), and what to leave out of every collection by role or subrole. docs/privacy.md says what each does.',
    options: [
      JSON_OUT,
      ['--role R', 'with exclude: leave out every element of this role (Row, Text, ...)'],
      ['--subrole S', 'with exclude: leave out every element with this subrole (comment, task, ...)'],
      ['--yes', 'with reset: remove every rule without asking (needed when not on a terminal)'],
      ['--program PATH', "with accessibility: the one program an interpreter's name (python3.11, node) stands for, by its script's path; \"always\" for such a name needs it"],
    ],
  },
  history: {
    usage: 'glance history [--json] [--limit N] | history show ID [--json] | history clear [--yes] [--json]',
    about: 'A receipt for every request that carried context to a model, newest first: which app, when, to whom, which elements, and the size and SHA-256 of exactly what was sent. Kept for the days the settings say (default 30).',
    options: [JSON_OUT, ['--limit N', 'only the newest N receipts'], ['--yes', 'with clear: remove without asking (needed when not on a terminal)']],
  },
  browser: {
    usage: 'glance browser install [--browser NAME] [--profile-dir DIR] [--json] | browser uninstall [--json] | browser status [--json]',
    about: 'Sets up Glance\'s browser helper, through which a Chromium-based browser shares the page in front (docs/browser.md): install writes the native messaging host\'s manifest where the browser looks and prints how to load the extension; uninstall removes exactly what install wrote; status says what is installed and whether the extension has connected.',
    options: [
      ['--browser NAME', `with install: ${BROWSER_NAMES.join(', ')} (default chrome)`],
      ['--profile-dir DIR', 'with install: the browser\'s own user-data folder (its --user-data-dir); the manifest goes to DIR/NativeMessagingHosts'],
      ['--json', 'install: {"manifestPath", "extensionDir", "extensionId"}; uninstall: {"removed"}; status: what is installed and the last connection'],
    ],
  },
};

/** Words joined into lines of at most `width` characters, later lines indented by `indent`. */
function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line].join('\n');
}

/** The help text of one command, ready to print, in lines of at most 96 characters. */
export function formatHelp(command: string, help: CommandHelp): string {
  const width = Math.max(...help.options.map(([flag]) => flag.length), '--help'.length);
  const lines = [...help.options, ['--help', 'this help'] as const].map(([flag, meaning]) => wrap(`  ${flag.padEnd(width)}  ${meaning}`, 96, ' '.repeat(width + 4)));
  return `${help.usage}\n\n${wrap(help.about, 96, '')}\n\n${lines.join('\n')}\n\nMore, with output shapes and exit statuses: docs/cli.md, "glance ${command}".\n`;
}
