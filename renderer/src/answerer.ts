import { BACKENDS, backendFacts, modelOf, serverWhere } from '../../contract/backends.js';
import { placeOf, type Place } from '../../contract/destination.js';
import type { Settings } from '../../contract/settings.js';

/**
 * Who answers, in the panel's few words: where the question goes (this Mac, "Anthropic",
 * "example.com") and the answerer on its own ("Claude (claude-sonnet-5-5)", "llama3.2 on this Mac").
 */
export interface Answerer {
  place: Place;
  name: string;
}

/** Who answers with these settings. The offline backend says plainly that no model does. */
export function answererOf(settings: Settings): Answerer {
  const facts = backendFacts(settings.backend);
  // The offline backend is no one to be answered by: the welcome says who answers then, in words.
  if (!facts.model) return { place: { kind: 'this-mac' }, name: 'Glance itself, with no model' };
  const model = modelOf(settings) ?? facts.model.defaultModel;
  const place = placeOf(settings);
  // A compatible server (Ollama on this Mac) is named by its model and where it is: it is not the service.
  if (settings.baseURL && facts.model.compatible) return { place, name: `${model} ${serverWhere(settings.baseURL)}` };
  return { place, name: `${facts.model.answerer} (${model})` };
}

/** "All 11 items" or "9 of 11 items", numbers in the user's locale. */
export function itemsWords(sent: number, total: number, locale?: string): string {
  const n = (value: number): string => value.toLocaleString(locale);
  if (sent === total) return total === 1 ? 'The 1 item' : `All ${n(total)} items`;
  return `${n(sent)} of ${n(total)} item${total === 1 ? '' : 's'}`;
}

/** True when main's name for the backend of an answer is the offline one's: nothing left this Mac, no model answered. */
export function answeredOffline(backend: string): boolean {
  return backend === BACKENDS.offline.name;
}
