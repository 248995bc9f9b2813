// Failures said for a person, with the way forward (renderer/src/problems/problem.ts).
import { describe, expect, it } from 'vitest';
import { statusWords } from '../../renderer/src/words/invocation.js';
import type { Invocation, Turn } from '../../contract/ipc.js';
import { answerProblem, collectionProblem, longerLimitMs } from '../../renderer/src/problems/problem.js';

const failed = (failure: Invocation['failure'], reason = 'x.'): Invocation => ({ id: 1, appName: 'Notes', phase: 'failed', reason, details: ['more.'], root: null, failure });
const context = { hotkey: 'Control+Alt+Command+G', timeoutMs: 1500 };

describe('problem cards', () => {
  it('offers a longer time limit after a timeout, and keeps the protocol reason under Details', () => {
    const problem = collectionProblem(failed('timeout', 'Notes did not answer within 1.5 s.'), context);
    expect(problem).toMatchObject({ tone: 'error', headline: '{app} didn’t answer in time', actions: ['try-again', 'longer'], details: ['Notes did not answer within 1.5 s.', 'more.'] });
    // Said as a person reads it aloud: "1.5 seconds", not "It had 1.5 s".
    expect(problem.why).toBe('Glance waited 1.5 seconds. A busy app can need longer.');
    expect(longerLimitMs(1500)).toBe(3000);
    expect(longerLimitMs(6000)).toBe(10_000);
    expect(longerLimitMs(250)).toBe(3000);
  });

  it("says on an Electron app's consent card what the first read turns on in it, and only there", () => {
    const consent = collectionProblem({ ...failed('accessibility-consent'), electronApp: true }, context);
    expect(consent).toMatchObject({ tone: 'info', actions: ['read-once', 'read-always', 'read-never'] });
    expect(consent.why).toMatch(/ \{app\} is built on Electron: the first read turns on its accessibility support until it quits, which can slow it down, and in VS Code switches on its screen-reader mode\.$/);
    expect(collectionProblem(failed('accessibility-consent'), context).why).not.toMatch(/Electron/);
    expect(collectionProblem({ ...failed('accessibility-permission'), electronApp: true }, context).why).not.toMatch(/Electron/);
  });

  it('asks for a permission in orange, as something to grant, not in the red of a failure', () => {
    expect(collectionProblem(failed('accessibility-permission'), context)).toMatchObject({ tone: 'attention', actions: ['open-accessibility', 'read-again'] });
    expect(collectionProblem(failed('accessibility-unreadable'), context)).toMatchObject({ tone: 'error' });
  });

  it('offers Sample Notes, not a menu item, when the app has no provider', () => {
    // Not a failure: an app whose developer has not added a provider yet is said as information, never in alert red.
    expect(collectionProblem(failed('no-provider'), context)).toMatchObject({ tone: 'info', actions: ['sample'], details: ['x.'] });
  });

  it('names what a standing accessibility choice is for: the app, one program of an interpreter by its path, or, when none can be named, no "Always" at all', () => {
    const consent = failed('accessibility-consent');
    expect(collectionProblem({ ...consent, consentKey: { kind: 'app', bundleId: 'org.gnome.TextEditor' } }, context)).toMatchObject({ actions: ['read-once', 'read-always', 'read-never'] });
    expect(collectionProblem({ ...consent, consentKey: { kind: 'app', bundleId: 'org.gnome.TextEditor' } }, context).labels).toBeUndefined();
    expect(collectionProblem({ ...consent, consentKey: { kind: 'program', bundleId: 'python3.11', program: '/home/u/bin/notes.py' } }, context)).toMatchObject({
      actions: ['read-once', 'read-always', 'read-never'], id: '/home/u/bin/notes.py (run by python3.11)', labels: { 'read-always': 'Always for {id}', 'read-never': 'Never for {id}' },
    });
    const inline = collectionProblem({ ...consent, consentKey: { kind: 'interpreter', bundleId: 'python3.11' } }, context);
    expect(inline).toMatchObject({ actions: ['read-once', 'read-never'], id: 'python3.11', labels: { 'read-never': 'Never for anything {id} runs' } });
    expect(inline.why).toMatch(/ \{id\} runs many programs, and Glance can’t tell which one this is, so it can read it only this time\.$/);
  });

  it("says a password manager's `never` as Glance's default, not the user's choice, with the command that reads it after all", () => {
    const said = "Glance doesn't read password managers such as com.bitwarden.desktop through Accessibility: their windows hold your passwords.";
    const view = { ...failed('accessibility-never', said), consentKey: { kind: 'app' as const, bundleId: 'com.bitwarden.desktop' }, passwordManager: true as const };
    const problem = collectionProblem(view, context);
    expect(problem).toMatchObject({ tone: 'info', headline: 'Glance doesn’t read password managers through Accessibility', actions: ['sample'], id: 'com.bitwarden.desktop', details: [said] });
    expect(problem.why).toContain('“glance rules accessibility {id} always”');
    expect(`${problem.headline} ${problem.why}`).not.toMatch(/you chose/i);
    // The user's own `never` is still said as theirs.
    const own = collectionProblem({ ...failed('accessibility-never'), consentKey: { kind: 'app', bundleId: 'com.bitwarden.desktop' } }, context);
    expect(own.headline).toBe('You chose never to read {app} through Accessibility');
  });

  it('says a cancel neutrally, and Glance in front without alarm, with the hotkey in words', () => {
    expect(collectionProblem({ ...failed(undefined), phase: 'cancelled' }, context)).toMatchObject({ tone: 'neutral', actions: ['try-again'] });
    // Plainly, after Stop: what the user did, and that it stopped; nothing of how a late answer is dropped.
    expect(statusWords({ ...failed(undefined), phase: 'cancelled', cancelledBy: 'removed' })).toBe('You removed Notes\'s context. Stopped.');
    expect(statusWords({ ...failed(undefined), phase: 'cancelled', cancelledBy: 'closed' })).toBe('You closed the panel while Glance was collecting from Notes. Stopped.');
    expect(collectionProblem(failed('glance-in-front'), context)).toMatchObject({ tone: 'info', why: expect.stringContaining('Control-Option-Command-G') });
  });

  it("says the user's own rule neutrally, and sends them to Settings to undo it", () => {
    const never = { ...failed('ruled-out', 'Your rule says never to read context from Notes.'), ruledOutBy: 'never' as const };
    expect(collectionProblem(never, context)).toMatchObject({ tone: 'info', headline: 'Your rule keeps {app} out', actions: ['settings'], details: ['Your rule says never to read context from Notes.'] });
  });

  it('says a `local` rule with a model elsewhere chosen as that, not as "never", and offers to answer offline or to ask without the context', () => {
    const local = { ...failed('ruled-out', 'Your rule for com.example.notes is "local"…'), ruledOutBy: 'local' as const };
    const problem = collectionProblem(local, context);
    // As `glance ask` carries on without the context: the question may still go to the chosen model, alone.
    expect(problem).toMatchObject({ tone: 'info', headline: '{app} shares context only with local models', actions: ['answer-offline', 'ask-without', 'settings'], details: [local.reason] });
    expect(problem.why).toContain('on this Mac');
    expect(problem.why).toContain('without this app’s context');
    expect(problem.why).not.toMatch(/never/i);
  });

  it('offers to ask without the context only for a `local` rule: "never" and a damaged file keep the question too', () => {
    const never = collectionProblem({ ...failed('ruled-out'), ruledOutBy: 'never' }, context);
    const damaged = collectionProblem({ ...failed('ruled-out'), ruledOutBy: 'damaged' }, context);
    expect(never.actions).not.toContain('ask-without');
    expect(damaged.actions).not.toContain('ask-without');
  });

  it('shows a damaged rules file as what it is, with the notice open, that nothing is lost, and a reset', () => {
    const notice = "Glance's rules file /h/rules.json is damaged (it is not valid JSON), so Glance asks no app for context until it is fixed.";
    const problem = collectionProblem({ ...failed('ruled-out', notice), ruledOutBy: 'damaged' }, context);
    expect(problem).toMatchObject({ tone: 'error', headline: 'Glance can’t read your rules', actions: ['reset-rules', 'settings'], details: [notice], detailsOpen: true });
    expect(problem.why).toContain('no rule is lost');
    expect(problem.why).not.toContain('{app}');
  });

  it('sends model failures that Settings can fix to Settings', () => {
    const turn = (kind: Turn['kind']): Turn => ({ question: 'q', text: '', status: 'failed', reason: 'Because.', kind });
    expect(answerProblem(turn('no-key'), 'Claude').actions).toEqual(['settings']);
    expect(answerProblem(turn('refused'), 'Claude').actions).toEqual(['settings']);
    expect(answerProblem(turn('unreachable'), 'Claude').actions).toEqual(['ask-again', 'settings']);
    expect(answerProblem(turn('rate-limited'), 'Claude')).toMatchObject({ actions: ['ask-again'], details: ['Because.'] });
    expect(answerProblem(turn('redirected'), 'Claude')).toMatchObject({ headline: 'Claude redirected the question', why: expect.stringContaining('Glance does not follow one'), actions: ['settings'] });
  });
});
