import { z } from 'zod';
import { ElementSchema } from './element.js';
import { IdSchema } from './ids.js';

/** The answer to `current`: exactly protocol, instance and root (docs/protocol.md#current). */
export const AnswerSchema = z.object({
  protocol: z.string(),
  instance: IdSchema,
  root: ElementSchema,
});
export type Answer = z.infer<typeof AnswerSchema>;
