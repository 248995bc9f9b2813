/**
 * What a user does in the Electron tests, through the real panel page and the real tray: open
 * the panel, start Sample Notes from the empty panel, ask a question.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Glance } from './launch.js';
import { clickTray, panelWindow } from './main-process.js';

/** Clicks the menu-bar icon and waits until the panel is shown; returns its page. */
export async function openPanel(glance: Glance): Promise<Page> {
  const page = await glance.panel();
  await page.waitForLoadState('load');
  await clickTray(glance.app);
  await expect.poll(async () => (await panelWindow(glance.app))?.visible, { timeout: 10_000, message: 'the panel should be shown' }).toBe(true);
  return page;
}

/** Whether the panel window is shown now (false when it is hidden or gone). */
export async function panelVisible(glance: Glance): Promise<boolean> {
  return (await panelWindow(glance.app))?.visible ?? false;
}

/** "Try with Sample Notes" in the empty panel, until its context is shown. */
export async function trySampleNotes(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Try with Sample Notes' }).click();
  // A cold utility process and Sample Notes' first answer: allow a slow Mac.
  await page.getByRole('tree', { name: 'Collected context' }).waitFor({ timeout: 30_000 });
  await page.getByRole('treeitem', { name: /^Document, Trip to Lisbon note/ }).waitFor();
}

/** The panel's status line now. */
export function status(page: Page): Promise<string | null> {
  return page.getByTestId('status').textContent();
}

/** Asks a question (the offline backend answers by default) and waits for the answer. */
export async function askOffline(page: Page, question: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Your question' }).fill(question);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const text = page.getByTestId('answer-text');
  await text.getByText(/Offline answer: no model was asked/).waitFor({ timeout: 30_000 });
  return (await text.textContent()) ?? '';
}

/** The chip for an element id: in the answer's text or in the row under its turn, never both (chips show titles; the id is their data). */
export function chip(page: Page, id: string) {
  return page.getByTestId('answer').locator(`[data-testid="chip"][data-chip-id="${id}"]`);
}

/** The id of the chip that shows this title. */
export async function chipIdFor(page: Page, title: string): Promise<string> {
  const found = page.getByTestId('answer').locator('[data-testid="chip"]').filter({ hasText: title });
  await found.waitFor();
  return (await found.getAttribute('data-chip-id')) ?? '';
}
