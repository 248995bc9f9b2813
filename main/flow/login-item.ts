import type { SettingsProblem } from '../../contract/notices.js';
import type { LoginItemReport } from '../ports.js';

/**
 * Launch at login as the system keeps it, never as Glance last asked for it. On macOS 13 and later a login item
 * can need the user's approval, or be turned off in System Settings, so setting it is not the
 * end of it: the setting shows what the system reports, read after every change and at start,
 * and the user is told when macOS waits for them. No electron here: main passes the reports.
 * The problems are facts the panel words (renderer/src/words/notices.ts).
 */

/** What macOS did that was not what was asked. */
type LoginItemProblem = Extract<SettingsProblem, { kind: 'login-item' }>;

/** macOS waits for the user to allow Glance as a login item. */
const NEEDS_APPROVAL: LoginItemProblem = { kind: 'login-item', problem: 'needs-approval' };

/** What the setting becomes, and what to tell the user, if anything. */
export interface LoginItemOutcome {
  enabled: boolean;
  problem?: LoginItemProblem;
}

/** Whether the system will open Glance at login, by its report. Approval pending counts as on: the user asked, macOS only waits for a click. */
function enabledBy(report: LoginItemReport): boolean {
  switch (report.status) {
    case 'enabled':
    case 'requires-approval':
      return true;
    case 'not-registered':
    case 'not-found':
      return false;
    default:
      // Before macOS 13 there is no status; openAtLogin is the answer.
      return report.openAtLogin;
  }
}

/** After asking for `asked`: what the system did. Without a report (no login items here), what was asked. */
export function loginItemAfterSetting(report: LoginItemReport | undefined, asked: boolean): LoginItemOutcome {
  if (!report) return { enabled: asked };
  const enabled = enabledBy(report);
  if (report.status === 'requires-approval') return { enabled, problem: NEEDS_APPROVAL };
  if (enabled === asked) return { enabled };
  return { enabled, problem: { kind: 'login-item', problem: asked ? 'not-added' : 'still-opens' } };
}

/** At start: what the system does now (the user may have changed it in System Settings), or undefined without a report. */
export function loginItemAtStart(report: LoginItemReport | undefined): LoginItemOutcome | undefined {
  if (!report) return undefined;
  const enabled = enabledBy(report);
  return report.status === 'requires-approval' ? { enabled, problem: NEEDS_APPROVAL } : { enabled };
}
