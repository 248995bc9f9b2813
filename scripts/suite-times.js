// Where the suite's time goes (docs/benchmarks.md, "The suite's own time"): a Vitest reporter
// that writes, for every test file, the time its fork took to start the file (environment,
// prepare, importing the file), its hooks and tests, and when it ran, as JSON. The file's own
// tests alone are not the cost: a beforeAll that starts Chromium or packs the kit counts too.
//   npx vitest run --reporter=default --reporter=./scripts/suite-times.js
// writes test-results/suite-times.json (GLANCE_SUITE_TIMES names another file).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

const OUT = process.env['GLANCE_SUITE_TIMES'] ?? 'test-results/suite-times.json';

export default class SuiteTimes {
  started = 0;
  files = [];

  onTestRunStart() {
    this.started = Date.now();
  }

  onTestModuleEnd(module) {
    const d = module.diagnostic();
    let tests = 0;
    let count = 0;
    for (const test of module.children.allTests()) {
      count += 1;
      tests += test.diagnostic()?.duration ?? 0;
    }
    const start = module.task.result?.startTime ?? 0;
    this.files.push({
      file: relative(process.cwd(), module.moduleId),
      tests: count,
      failed: [...module.children.allTests('failed')].length,
      // Seconds, rounded to a tenth: what the fork spent before the first hook, in hooks and tests, and in tests alone.
      startUp: round(d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration),
      hooksAndTests: round(d.duration),
      testsOnly: round(tests),
      at: round(start - this.started),
    });
  }

  onTestRunEnd() {
    const wall = round(Date.now() - this.started);
    this.files.sort((a, b) => b.startUp + b.hooksAndTests - (a.startUp + a.hooksAndTests));
    const sum = (key) => round(this.files.reduce((total, f) => total + f[key] * 1000, 0));
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, `${JSON.stringify({ wall, startUp: sum('startUp'), hooksAndTests: sum('hooksAndTests'), testsOnly: sum('testsOnly'), files: this.files }, null, 1)}\n`);
  }
}

/** Milliseconds to seconds, to a tenth. */
function round(ms) {
  return Math.round(ms / 100) / 10;
}
