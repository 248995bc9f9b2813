import type { z } from 'zod';

/**
 * A helper process's output read against its schema: text that is not JSON fails the same way
 * as JSON of the wrong shape, so each caller has one failure to handle (the helpers' own words
 * never reach an error message).
 */
export function parseJsonAs<S extends z.ZodType>(schema: S, text: string): ReturnType<S['safeParse']> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return schema.safeParse(json) as ReturnType<S['safeParse']>;
}
