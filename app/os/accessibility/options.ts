/** What the accessibility readers accept; every field has a production default. */
export interface AccessibilityReaderOptions {
  /**
   * The helper: atspi-reader.py (Linux) or the compiled ax-reader (macOS), beside the reader's
   * module by default; a path inside app.asar is run from app.asar.unpacked.
   */
  helperPath?: string;
  /** Linux: the Python that runs the helper; /usr/bin/python3. */
  python?: string;
  /**
   * Where the helper's environment comes from; `process.env`, read at each call, by default. On
   * Linux only the few variables that reach the buses are passed on (linux.ts).
   */
  env?: NodeJS.ProcessEnv;
  /**
   * macOS: whose Accessibility permission the reads run under, for the words of `no-permission`:
   * Glance's (the app, the default) or the terminal's (the `glance` command, run in a terminal).
   */
  permissionHolder?: 'glance' | 'terminal';
}
