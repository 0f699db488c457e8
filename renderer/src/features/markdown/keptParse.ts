/**
 * micromark as mdast-util-from-markdown sees it in the renderer's build (vite.config.ts points that one import here):
 * the same API, except that `parse` keeps its parse context per list of syntax extensions. micromark's own `parse`
 * merges the extensions into its default constructs on every call, ~59 µs of a ~192 µs parse of a typical streamed
 * chunk (Node 24, GFM and math): about a quarter of each chunk's formatting, for a result that never changes while the
 * page's one Markdown pipeline (formatMarkdown.ts) passes the same list. A kept context is handed out with its
 * per-document state emptied: the reference definitions and lazy lines micromark records, and whatever an extension
 * adds (GFM's footnote labels), so nothing one document defines is seen by the next.
 */
import { parse as parseFresh } from 'micromark';
import type { ParseContext, ParseOptions } from 'micromark-util-types';

export { compile, micromark, postprocess, preprocess } from 'micromark';

/** The fields micromark builds from the extensions; every other field of a context is per-document state. */
const STRUCTURE = new Set(['constructs', 'content', 'document', 'flow', 'string', 'text']);

/** One context per extension list; a list no longer used (react-markdown's, made per render) takes its entry along. */
const kept = new WeakMap<object, ParseContext>();

/** micromark's `parse`, with the context kept per `options.extensions` list and emptied of the last document's state. */
export function parse(options?: ParseOptions | null): ParseContext {
  const extensions = options?.extensions;
  if (!extensions) return parseFresh(options);
  let context = kept.get(extensions);
  if (!context) {
    context = parseFresh(options);
    kept.set(extensions, context);
    return context;
  }
  const state = context as unknown as Record<string, unknown>;
  for (const field of Object.keys(state)) if (!STRUCTURE.has(field)) delete state[field];
  context.defined = [];
  context.lazy = {};
  return context;
}
