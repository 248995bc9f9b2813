/**
 * Sample Notes as a function: the model, the id minter, the provider and the stdin commands
 * (documented in main.ts, the entry). Tests import this and model.ts / tree.ts directly.
 */
import { createInterface } from 'node:readline';
import { createIdMinter, startProvider, type RunningProvider } from '@app-context/provider-kit';
import { NotesModel } from './model.js';
import { buildTree, locateInModel } from './tree.js';

/** How to start Sample Notes. */
export interface SampleOptions {
  /** Defaults to what the OS reports for this process (the kit's default). */
  bundleId?: string;
  /** Defaults to providersFolder(). */
  folder?: string;
  /** Read commands from stdin (the entry does; in-process tests do not). */
  commands?: boolean;
}

/** Starts Sample Notes over a fresh model; the model is returned so tests can drive it. */
export async function startSampleNotes(options: SampleOptions = {}): Promise<{ provider: RunningProvider; model: NotesModel }> {
  const model = new NotesModel();
  const ids = createIdMinter();
  const provider = await startProvider({
    ...(options.bundleId ? { bundleId: options.bundleId } : {}),
    ...(options.folder ? { folder: options.folder } : {}),
    name: 'Sample Notes',
    version: '1.0.0',
    current: () => buildTree(model, ids),
    location: (id) => locateInModel(model, ids, id),
    logger: {
      // Problems in the sample's own tree are bugs worth seeing; the kit never passes app data.
      debug: () => undefined,
      info: () => undefined,
      warn: (m) => process.stderr.write(`${m}\n`),
      error: (m) => process.stderr.write(`${m}\n`),
    },
  });
  const hover = (id: string): boolean => {
    if (id === 'none') {
      model.hovered = undefined;
      return true;
    }
    const target = [...model.notes, ...model.tasks, ...model.attachments, ...model.passages].find((o) => ids.peek(o) === id);
    model.hovered = target;
    return target !== undefined;
  };
  const commands: Record<string, (arg: string) => boolean | Promise<boolean>> = {
    select: (text) => model.select(text),
    'close-note': () => model.closeNote() !== undefined,
    hover,
    quit: async () => {
      await provider.stop();
      process.exit(0);
    },
    exit: () => process.exit(0),
  };
  if (options.commands === true) listen(commands);
  return { provider, model };
}

/** Runs one command per stdin line; answers `ok <name>` or `error ...` on stdout. */
function listen(commands: Record<string, (arg: string) => boolean | Promise<boolean>>): void {
  // terminal: false keeps the tty out of raw mode, so Ctrl-C still raises a real SIGINT.
  createInterface({ input: process.stdin, terminal: false }).on('line', (line) => {
    const [name = '', ...rest] = line.trim().split(' ');
    const command = commands[name];
    if (command === undefined) {
      if (name !== '') process.stdout.write(`error unknown command ${name}\n`);
      return;
    }
    void Promise.resolve(command(rest.join(' '))).then((ok) => process.stdout.write(ok ? `ok ${name}\n` : `error ${name} did not apply\n`));
  });
}

