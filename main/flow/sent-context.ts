import { contextParts, destinationOf, planAsk, type AskChoices, type AskSubject, type SentContext } from '../../app/host.js';
import type { PromptPart } from '../../contract/agent.js';
import type { Settings } from '../../contract/settings.js';

/**
 * What the preview shows is what the one ask would send (app/ask, planAsk). It is asked for on
 * every pause in typing; the rendered context changes only with the subject, the choices and
 * the destination. Rendering a 20,000-element tree again for each keystroke took most of the
 * preview's time, so the last rendering is kept for its subject and its key.
 */
export function renderedContexts(): (subject: AskSubject, choices: AskChoices, settings: Pick<Settings, 'backend' | 'baseURL'>) => { context: SentContext; parts: PromptPart[] } {
  let rendered: { subject: AskSubject; key: string; context: SentContext; parts: PromptPart[] } | undefined;
  return (subject, choices, settings) => {
    const destination = destinationOf(settings);
    const key = `${[...choices.removed].sort().join('\n')}\n--allowed--\n${[...(choices.allowed ?? [])].sort().join('\n')}\n--to--\n${JSON.stringify(destination)}`;
    if (rendered?.subject === subject && rendered.key === key) return rendered;
    const { context } = planAsk(subject, choices, destination);
    const parts = contextParts(context);
    rendered = { subject, key, context, parts };
    return rendered;
  };
}
