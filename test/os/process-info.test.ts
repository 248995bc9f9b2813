// The parent, owner and state of a process, and the descendant rule of docs/protocol.md,
// "Providers served by a helper": parsers on hostile text, the rule on a made-up process tree,
// and the real /proc on this test's own process.
import { describe, expect, it } from 'vitest';
import { descendsFrom, linuxProcessInfo, MAX_ANCESTRY_STEPS, parseProcStat, parsePsProcessLine, parseStatusUid, psProcessInfo, type ProcessInfo } from '@app-context/provider-kit/platform';
import { createOs } from '../../app/os/index.js';

describe('parseProcStat', () => {
  it('reads the state and parent after the last ")", whatever the command name holds', () => {
    expect(parseProcStat('4242 (node) S 812 4242 4242 0 -1')).toEqual({ state: 'S', ppid: 812 });
    expect(parseProcStat('4242 (a) Z 9 (b) ) R 77 1 1')).toEqual({ state: 'R', ppid: 77 });
    expect(parseProcStat('4242 (we ird) name) Z 1 0')).toEqual({ state: 'Z', ppid: 1 });
  });

  it('gives nothing for text that is not a stat line', () => {
    expect(parseProcStat('')).toBeUndefined();
    expect(parseProcStat('4242 node S 1')).toBeUndefined();
    expect(parseProcStat('4242 (node) S')).toBeUndefined();
    expect(parseProcStat('4242 (node) S x')).toBeUndefined();
  });
});

describe('parseStatusUid and parsePsProcessLine', () => {
  it('take the effective uid', () => {
    expect(parseStatusUid('Name:\tnode\nUid:\t1000\t1001\t1000\t1000\nGid:\t0\t0\t0\t0\n')).toBe(1001);
    expect(parseStatusUid('Name:\tnode\n')).toBeUndefined();
    expect(parsePsProcessLine('  4242 Ss+    501\n')).toEqual({ ppid: 4242, uid: 501, zombie: false });
    expect(parsePsProcessLine('1 Z 0')).toEqual({ ppid: 1, uid: 0, zombie: true });
    expect(parsePsProcessLine('')).toBeUndefined();
  });
});

describe('descendsFrom', () => {
  const tree = (parents: Record<number, number>) => async (pid: number): Promise<ProcessInfo | undefined> =>
    parents[pid] === undefined ? undefined : { ppid: parents[pid], uid: 0, zombie: false };

  it('follows parents to the app within the limit', async () => {
    expect(await descendsFrom(30, 10, tree({ 30: 10 }))).toEqual({ ok: true, steps: 1 });
    expect(await descendsFrom(30, 10, tree({ 30: 20, 20: 10 }))).toEqual({ ok: true, steps: 2 });
  });

  it('stops at process 1, at a process it cannot see, and after eight generations', async () => {
    expect(await descendsFrom(30, 10, tree({ 30: 20, 20: 1 }))).toEqual({ ok: false, reason: 'process 30 is not a descendant of process 10: its parents are 20, then 1' });
    expect(await descendsFrom(30, 10, tree({ 30: 20 }))).toMatchObject({ ok: false, reason: expect.stringMatching(/parent of process 20 cannot be told/) });
    const chain: Record<number, number> = {};
    for (let pid = 100; pid > 100 - MAX_ANCESTRY_STEPS - 1; pid -= 1) chain[pid] = pid - 1;
    // 100 -> 99 -> ... : the app 92 is eight generations up, 91 nine.
    expect(await descendsFrom(100, 100 - MAX_ANCESTRY_STEPS, tree(chain))).toEqual({ ok: true, steps: MAX_ANCESTRY_STEPS });
    expect(await descendsFrom(100, 99 - MAX_ANCESTRY_STEPS, tree(chain))).toMatchObject({ ok: false, reason: expect.stringMatching(/within 8 generations/) });
  });
});

describe('the real process table', () => {
  it("gives this process's parent and owner, and the host's OS service the same", async () => {
    const info = process.platform === 'linux' ? await linuxProcessInfo(process.pid) : await psProcessInfo(process.pid);
    expect(info).toEqual({ ppid: process.ppid, uid: process.geteuid?.(), zombie: false });
    expect(await createOs().processInfo(process.pid)).toEqual(info);
    expect(await descendsFrom(process.pid, process.ppid, createOs().processInfo)).toEqual({ ok: true, steps: 1 });
  });
});
