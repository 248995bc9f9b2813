import { z } from 'zod';

/**
 * An MCP content block (text, image, audio, a resource link, an embedded resource), written out
 * here field for field as the MCP specification (revision 2025-11-25) and the MCP SDK's
 * `ContentBlockSchema` define it, with the same zod constructs, so it accepts, strips and
 * rejects exactly what the SDK's does (test/protocol/content-block-sdk.test.ts checks that
 * on thousands of generated blocks, against the installed SDK).
 *
 * Why a copy: the SDK's schema lives in one module with every other MCP schema (about 400), and
 * importing it builds them all: 65 ms in a bundled `glance current`, a third of what the whole
 * command may take (docs/benchmarks.md, "The command"). The reader needs these dozen.
 */

/**
 * Base64 as the SDK checks it: whatever `atob` accepts (faster and safer on large inputs than a
 * regular expression).
 */
const Base64Schema = z.string().refine((val) => {
  try {
    atob(val);
    return true;
  } catch {
    return false;
  }
}, { message: 'Invalid Base64 string' });

const MetaSchema = z.record(z.string(), z.unknown()).optional();

/** Who a block is for and how much it matters. */
const AnnotationsSchema = z.object({
  audience: z.array(z.enum(['user', 'assistant'])).optional(),
  priority: z.number().min(0).max(1).optional(),
  lastModified: z.iso.datetime({ offset: true }).optional(),
});

const IconSchema = z.object({
  src: z.string(),
  mimeType: z.string().optional(),
  sizes: z.array(z.string()).optional(),
  theme: z.enum(['light', 'dark']).optional(),
});

const TextContentSchema = z.object({
  type: z.literal('text'),
  text: z.string(),
  annotations: AnnotationsSchema.optional(),
  _meta: MetaSchema,
});

const ImageContentSchema = z.object({
  type: z.literal('image'),
  data: Base64Schema,
  mimeType: z.string(),
  annotations: AnnotationsSchema.optional(),
  _meta: MetaSchema,
});

const AudioContentSchema = z.object({
  type: z.literal('audio'),
  data: Base64Schema,
  mimeType: z.string(),
  annotations: AnnotationsSchema.optional(),
  _meta: MetaSchema,
});

const ResourceLinkSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  icons: z.array(IconSchema).optional(),
  uri: z.string(),
  description: z.optional(z.string()),
  mimeType: z.optional(z.string()),
  size: z.optional(z.number()),
  annotations: AnnotationsSchema.optional(),
  _meta: z.optional(z.looseObject({})),
  type: z.literal('resource_link'),
});

const ResourceContentsSchema = z.object({
  uri: z.string(),
  mimeType: z.optional(z.string()),
  _meta: MetaSchema,
});

const EmbeddedResourceSchema = z.object({
  type: z.literal('resource'),
  resource: z.union([ResourceContentsSchema.extend({ text: z.string() }), ResourceContentsSchema.extend({ blob: Base64Schema })]),
  annotations: AnnotationsSchema.optional(),
  _meta: MetaSchema,
});

/** An MCP content block, as the MCP specification (and SDK) defines it. */
export const ContentBlockSchema = z.union([
  TextContentSchema,
  ImageContentSchema,
  AudioContentSchema,
  ResourceLinkSchema,
  EmbeddedResourceSchema,
]);
export type ContentBlock = z.infer<typeof ContentBlockSchema>;
