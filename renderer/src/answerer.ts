import { backendFacts, modelOf } from '../../contract/backends.js';
import type { GlanceApi } from './bridge.js';

type Settings = Awaited<ReturnType<GlanceApi['getSettings']>>;

/** Who answers, in the panel's few words: after a count ("to Claude") and on its own ("Claude (claude-sonnet-5-5)"). */
export interface Answerer {
  to: string;
  name: string;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Who answers with these settings. The offline backend says plainly that no model does. */
export function answererOf(settings: Settings): Answerer {
  const facts = backendFacts(settings.backend);
  if (!facts.model) return { to: 'answered offline', name: facts.shortLabel };
  const model = modelOf(settings) ?? facts.model.defaultModel;
  // A compatible server (Ollama at 127.0.0.1) is named by its model and address: it is not the service.
  if (settings.baseURL && facts.model.compatible) return { to: `to ${model} at ${hostOf(settings.baseURL)}`, name: `${model} at ${hostOf(settings.baseURL)}` };
  return { to: `to ${facts.model.answerer}`, name: `${facts.model.answerer} (${model})` };
}

/** "All 11 items" or "9 of 11 items", numbers in the user's locale. */
export function itemsWords(sent: number, total: number, locale?: string): string {
  const n = (value: number): string => value.toLocaleString(locale);
  if (sent === total) return total === 1 ? 'The 1 item' : `All ${n(total)} items`;
  return `${n(sent)} of ${n(total)} item${total === 1 ? '' : 's'}`;
}
