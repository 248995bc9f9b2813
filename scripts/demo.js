#!/usr/bin/env node
// The main job without a display: start the bundled sample provider ("Sample Notes") in a
// private providers folder, then run the same pipeline the menu-bar app runs on the hotkey
// through the `glance` command: discover and verify, collect `current`, locate an element,
// ask the offline agent. Everything stays on this machine; nothing needs a model or a key.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const sample = join(root, 'dist/provider/sample/main.js');
if (!existsSync(sample) || !existsSync(join(root, 'dist/app/cli/main.js'))) {
  console.log('Building Glance first (npm run build)...');
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
}

const base = mkdtempSync(join(tmpdir(), 'glance-demo-'));
const folder = join(base, 'providers');
mkdirSync(folder, { mode: 0o700 });
// Glance's own data (rules, the history of what was sent) in the demo's folder too: the demo
// neither follows nor adds to yours, and leaves nothing behind.
const env = { ...process.env, APP_CONTEXT_PROVIDERS_DIR: folder, GLANCE_HOME: join(base, 'home') };

const provider = spawn(process.execPath, [sample], { env, stdio: ['pipe', 'inherit', 'inherit'] });
const cleanup = () => { provider.kill('SIGTERM'); };
process.on('exit', () => { cleanup(); rmSync(base, { recursive: true, force: true }); });

function waitForDescriptor(deadline = Date.now() + 10_000) {
  for (;;) {
    const file = readdirSync(folder).find((name) => name.endsWith('.json'));
    if (file) return JSON.parse(readFileSync(join(folder, file), 'utf8'));
    if (Date.now() > deadline) throw new Error('the sample provider did not publish its descriptor within 10 s');
    execFileSync('sleep', ['0.05']);
  }
}

const failed = [];
let token = '';
/** The README promises the token never appears in what Glance prints; the demo checks it. */
function checked(args, output) {
  if (!token || !output.includes(token)) return output;
  failed.push(`glance ${args[0]} printed the provider's token`);
  return output.split(token).join('[token]');
}
function glance(title, args) {
  // Quoted where a shell needs it, so each line can be copied as it stands.
  const shown = args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`));
  console.log(`\n$ glance ${shown.join(' ')}    # ${title}`);
  const run = spawnSync(process.execPath, [join(root, 'bin/glance.js'), ...args], { env, encoding: 'utf8' });
  const stdout = checked(args, run.stdout ?? '');
  process.stderr.write(checked(args, run.stderr ?? ''));
  // The step's own one-line error is on stderr; say which step failed, and fail the demo.
  if (run.status !== 0) failed.push(`glance ${args[0]} (exit ${run.status ?? run.signal ?? run.error?.message})`);
  return stdout;
}

/** A few plain words after a step, for someone who has never heard of the protocol. */
function explain(...lines) {
  console.log(lines.map((line) => `  ↳ ${line}`).join('\n'));
}

const descriptor = waitForDescriptor();
token = descriptor.token;
const pid = String(descriptor.pid);
const app = descriptor.name;
process.stdout.write(glance('every app that shares its context, with its verdict', ['providers']));
explain(
  `${descriptor.bundleId} is the app's bundle id: the name the operating system knows an app by (on a Mac, Notes is com.apple.Notes).`,
  process.platform === 'darwin'
    ? 'Glance asks the system for it and ignores an app whose claim differs.'
    : 'Linux has no bundles, so it is the name of the program the app runs in: the sample runs in Node.js. Glance asks the system and ignores an app whose claim differs.',
  'rule: allow is your choice for this app: Glance may ask it for its context when you press the hotkey (never and local are the others: `glance rules`).',
);
process.stdout.write(glance("the app's context, as the panel would show it", ['current', '--pid', pid]));
explain(
  'The words in brackets ([win-1], [sel-2]) are element ids: the app\'s own names for its parts, given with each answer.',
  'They mean something only to this run of the app (its instance), which is how Glance can ask later where one is on screen.',
);
const json = glance('the same, as JSON (the token never appears)', ['current', '--pid', pid, '--json']);
if (json) console.log(`${json.slice(0, 150)}… (one line, ${json.length} characters)`);
const selected = [];
let instance;
try {
  const current = JSON.parse(json);
  instance = current.provider.instance;
  const stack = [current.answer.root];
  while (stack.length) {
    const element = stack.pop();
    if (element.selected) selected.push(element.id);
    stack.push(...(element.children ?? []));
  }
} catch {
  // The failed step is already named; the steps after it still run and say what they can.
}
if (selected[0]) {
  process.stdout.write(glance('where the selection is on screen (the app named by its name; its one running provider is found)', ['location', '--app', app, '--', selected[0]]));
  explain(`One rectangle in screen points. The same question with the numbers: glance location --pid ${pid} --instance ${instance} -- ${selected[0]}`);
} else {
  failed.push('no selected element to locate');
}
process.stdout.write(glance('the whole job with the offline agent (no model needed)', ['ask', 'What did I select?', '--app', app, '--backend', 'offline']));
process.stdout.write(glance('the provider checked against the rules', ['check-provider', '--pid', pid]));

provider.kill('SIGTERM');
provider.on('exit', () => {
  const left = readdirSync(folder).filter((name) => name.endsWith('.json'));
  console.log(`\nSample Notes stopped; descriptors left behind: ${left.length}.`);
  if (left.length > 0) failed.push('the sample provider left its descriptor behind');
  if (failed.length > 0) {
    console.error(`\nThe demo did not go through: ${failed.join('; ')}. Run \`npm test\` to find out where.`);
    process.exitCode = 1;
  } else {
    console.log('Every step went through.');
  }
});
