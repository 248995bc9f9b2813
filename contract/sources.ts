import { z } from 'zod';

/**
 * Where one press's context can come from, in the order Glance tries them: the app's own
 * provider first, and only for an app without one, the OS's accessibility layer
 * (app/sources/collect.ts). The one list of source kinds: the core's plug-ins
 * (app/sources/plugin.ts), the panel's view, the receipts, the prompt and every table keyed by a
 * source derive from it, so a kind added here is named by the compiler wherever it is missing
 * (docs/architecture.md, "A context source").
 */
export const SOURCE_KINDS = ['provider', 'accessibility'] as const;
export const SourceKindSchema = z.enum(SOURCE_KINDS);
export type SourceKind = z.infer<typeof SourceKindSchema>;
