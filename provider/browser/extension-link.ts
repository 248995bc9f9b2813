/**
 * The helper's side of the conversation with its extension: numbered asks, each with a time
 * limit (the helper must answer the host within the protocol's limit, whatever the browser
 * does), the extension's hello, and its word on which profile has the focused window.
 */
import type { z } from 'zod';
import { FocusSchema, HelloSchema, ReplySchema, type Hello } from './extension-messages.js';
import type { NativePort } from './native-messaging.js';

/** Why an ask got no answer: said to the host as the tool's error, never with page text. */
export class AskFailed extends Error {}

export interface ExtensionLink {
  /** Asks the extension; resolves with its answer checked against `schema`, or rejects (AskFailed) after `timeoutMs`. */
  ask<T>(message: Record<string, unknown>, schema: z.ZodType<T>, timeoutMs: number): Promise<T>;
  /** The extension's hello, once it came (undefined after `timeoutMs`). */
  hello(timeoutMs: number): Promise<Hello | undefined>;
  /** Called each time the extension says whether a window of its profile is focused. */
  onFocus(listener: (focused: boolean) => void): void;
}

/** The link over a native messaging port. */
export function linkExtension(port: NativePort): ExtensionLink {
  let next = 1;
  const waiting = new Map<number, { resolve: (answer: unknown) => void; reject: (error: Error) => void }>();
  const focusListeners: ((focused: boolean) => void)[] = [];
  let greeted: Hello | undefined;
  const helloWaiters: ((hello: Hello) => void)[] = [];

  port.onMessage((message) => {
    const reply = ReplySchema.safeParse(message);
    if (reply.success) {
      const pending = waiting.get(reply.data.id);
      waiting.delete(reply.data.id);
      if ('error' in reply.data) pending?.reject(new AskFailed('the browser could not read the page'));
      else pending?.resolve(reply.data.answer);
      return;
    }
    const focus = FocusSchema.safeParse(message);
    if (focus.success) {
      for (const listener of focusListeners) listener(focus.data.focus);
      return;
    }
    const hello = HelloSchema.safeParse(message);
    if (hello.success && greeted === undefined) {
      greeted = hello.data.hello;
      for (const waiter of helloWaiters.splice(0)) waiter(greeted);
    }
  });
  port.onClose(() => {
    for (const pending of waiting.values()) pending.reject(new AskFailed('the browser extension is gone'));
    waiting.clear();
  });

  return {
    ask<T>(message: Record<string, unknown>, schema: z.ZodType<T>, timeoutMs: number): Promise<T> {
      const id = next++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new AskFailed(`the browser did not answer within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(id, {
          resolve: (answer) => {
            clearTimeout(timer);
            const checked = schema.safeParse(answer);
            if (checked.success) resolve(checked.data);
            else reject(new AskFailed('the browser extension answered in a shape this helper does not know (update the extension and Glance together)'));
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        port.post({ ...message, id });
      });
    },
    hello: (timeoutMs) => new Promise((resolve) => {
      if (greeted !== undefined) return resolve(greeted);
      const timer = setTimeout(() => resolve(undefined), timeoutMs);
      helloWaiters.push((hello) => {
        clearTimeout(timer);
        resolve(hello);
      });
    }),
    onFocus: (listener) => focusListeners.push(listener),
  };
}
