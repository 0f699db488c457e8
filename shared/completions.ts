/** Argument autocomplete (MCP `completion/complete`): the host call's params and what it answers. */
import { z } from 'zod';

/** What is being completed: a prompt's argument or a resource template's variable. */
export const completionRefSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ref/prompt'), name: z.string().min(1).max(500) }),
  z.object({ type: z.literal('ref/resource'), uri: z.string().min(1).max(4_000) }),
]);

/** Params of 'completions.complete'. */
export const completionParamsSchema = z.object({
  serverId: z.string().min(1),
  ref: completionRefSchema,
  argument: z.object({ name: z.string().min(1).max(500), value: z.string().max(2_000) }),
  /** Values already given for the other arguments (some servers complete one from another). */
  context: z.record(z.string(), z.string().max(2_000)).optional(),
});

/** Params of 'completions.complete'. */
export type CompletionParams = z.infer<typeof completionParamsSchema>;

/** The server's suggestions for one argument: at most 100 values, with its `total` and `hasMore`. */
export interface CompletionValues {
  values: string[];
  total?: number;
  hasMore: boolean;
}
