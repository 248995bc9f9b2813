import { z } from 'zod';
import { ContentBlockSchema, type ContentBlock } from './content-block.js';
import { IdSchema } from './ids.js';

/** The thirteen roles (docs/protocol.md#roles). */
export const ROLES = [
  'Application', 'Window', 'Group', 'List', 'Table', 'Row', 'Cell',
  'Text', 'Heading', 'Link', 'Image', 'Page', 'Document',
] as const;

/** Schema for a role. A receiver reads an unknown role as Group (see readAnswer). */
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** True when the value is one of the thirteen roles. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** An MCP content block, exactly as the MCP specification (and SDK) defines it (content-block.ts). */
export { ContentBlockSchema, type ContentBlock };

/** The four states (docs/protocol.md#states). */
export const STATES = ['selected', 'focused', 'visible', 'hovered'] as const;
export type StateName = (typeof STATES)[number];

/**
 * One element as the protocol defines it. This strict schema is what the provider kit checks
 * an app's tree against and what the types are inferred from; the host reads answers with the
 * tolerant, iterative reader in read-answer.ts instead, which never fails on a deep tree.
 */
export const ElementSchema = z.object({
  id: IdSchema,
  role: RoleSchema,
  subrole: z.string().optional(),
  title: z.string().optional(),
  content: z.array(ContentBlockSchema).optional(),
  url: z.string().optional(),
  selected: z.boolean().optional(),
  focused: z.boolean().optional(),
  visible: z.boolean().optional(),
  hovered: z.boolean().optional(),
  get children(): z.ZodOptional<z.ZodArray<typeof ElementSchema>> {
    return z.array(ElementSchema).optional();
  },
  attributes: z.record(z.string(), z.unknown()).optional(),
});
export type Element = z.infer<typeof ElementSchema>;

/**
 * Reserved attribute names (docs/protocol.md#content-and-attributes): who wrote the element, and
 * ids it refers to.
 */
export const ATTRIBUTE_AUTHOR = 'author';
export const ATTRIBUTE_RELATED = 'related';
