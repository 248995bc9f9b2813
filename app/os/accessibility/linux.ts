/**
 * The reader on Linux: AT-SPI, through atspi-reader.py run by the system's Python, which has
 * libatspi's GObject bindings (python3-gi, gir1.2-atspi-2.0). Never the first `python3` on
 * PATH: a pyenv or venv one has no `gi`, and a PATH entry is not the user's to hijack Glance
 * with. `-I` keeps PYTHONPATH, PYTHONHOME and the user's site-packages out of it.
 *
 * Without DBUS_SESSION_BUS_ADDRESS libatspi aborts the whole process (no exception to catch),
 * so that is checked here, before a helper is started, and answered with a reason.
 *
 * The helper gets only the few variables that find the buses and the display (HELPER_ENV), not
 * Glance's environment: under `glance ask` that holds the model's API key, and nothing in it is
 * the helper's business.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unpackedPath } from '../get-windows-helper.js';
import type { AccessibilityReaderOptions } from './options.js';
import { createHelperReader } from './reader.js';
import { failure, type Words } from './reasons.js';
import type { AccessibilityReader } from './types.js';

/** The system's Python, with Debian's gi. */
const SYSTEM_PYTHON = '/usr/bin/python3';

const INSTALL = 'install python3-gi and gir1.2-atspi-2.0';

/**
 * What the helper's environment may hold: the session bus (through which libatspi finds the
 * accessibility bus, or AT_SPI_BUS_ADDRESS names it directly), the display (the bus's address
 * on the root window), the runtime folder and home (where the buses' sockets and credentials
 * are), and the language.
 */
const HELPER_ENV = ['DISPLAY', 'DBUS_SESSION_BUS_ADDRESS', 'AT_SPI_BUS_ADDRESS', 'XDG_RUNTIME_DIR', 'HOME', 'LANG'] as const;

/** The variables of `env` the helper may have, and no other. */
function helperEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const name of HELPER_ENV) {
    const value = env[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

const LINUX_WORDS: Words = {
  notOnBus: (app) => `${app} is not on the accessibility bus (it exposes no accessibility, or it was started before accessibility was on).`,
  noWindow: (app) => `${app} has no active window.`,
  noBus: 'The accessibility bus (AT-SPI) is not running or cannot be reached.',
  fatal: () => `${SYSTEM_PYTHON} cannot load AT-SPI: ${INSTALL}.`,
  missing: `Reading through accessibility needs ${SYSTEM_PYTHON}: ${INSTALL}.`,
};

/** The helper script as shipped beside this module (dist/app/os/accessibility; app.asar.unpacked when packaged). */
function defaultScript(): string {
  return fileURLToPath(new URL('./atspi-reader.py', import.meta.url));
}

/** Creates the AT-SPI reader. */
export function createLinuxAccessibilityReader(options: AccessibilityReaderOptions = {}): AccessibilityReader {
  const python = options.python ?? SYSTEM_PYTHON;
  const script = unpackedPath(options.helperPath ?? defaultScript());
  return createHelperReader({
    words: LINUX_WORDS,
    prepare: () => {
      const env = options.env ?? process.env;
      if ((env['DBUS_SESSION_BUS_ADDRESS'] ?? '') === '') {
        return failure('no-bus', 'There is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so the accessibility bus cannot be reached.');
      }
      if (!existsSync(python)) return failure('no-helper', LINUX_WORDS.missing);
      if (!existsSync(script)) return failure('no-helper', 'The accessibility helper (atspi-reader.py) is missing from this installation.');
      return { command: python, args: ['-I', script], env: helperEnv(env) };
    },
  });
}
