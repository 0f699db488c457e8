/** Elicitation: a server asking the user for input, as a form or as a URL to open. */
import { z } from 'zod';

/** A pending elicitation shown to the user. `requestedSchema` is the server's restricted JSON Schema. */
export type PendingElicitation = {
  id: string;
  serverId: string;
  chatId?: string;
  message: string;
  createdAt: number;
  /** When the request times out on its own (epoch ms). */
  expiresAt: number;
} & (
  | { mode: 'form'; requestedSchema: ElicitationSchema }
  | { mode: 'url'; url: string; elicitationId?: string }
);

/** The restricted JSON Schema of an elicitation form: a flat object of primitive properties. */
export interface ElicitationSchema {
  type: 'object';
  properties: Record<string, ElicitationProperty>;
  required?: string[];
}

/** One field of an elicitation form. */
export type ElicitationProperty =
  | { type: 'string'; title?: string; description?: string; minLength?: number; maxLength?: number; format?: 'email' | 'uri' | 'date' | 'date-time'; default?: string; enum?: string[]; enumNames?: string[]; oneOf?: { const: string; title: string }[] }
  | { type: 'number' | 'integer'; title?: string; description?: string; minimum?: number; maximum?: number; default?: number }
  | { type: 'boolean'; title?: string; description?: string; default?: boolean }
  | { type: 'array'; title?: string; description?: string; minItems?: number; maxItems?: number; default?: string[]; items: { type?: 'string'; enum?: string[]; anyOf?: { const: string; title: string }[] } };

/** Values a form can carry back. */
export const elicitationValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

/** The user's answer to an elicitation. */
export const elicitationAnswerSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept'), content: z.record(z.string(), elicitationValueSchema).optional() }),
  z.object({ action: z.literal('decline') }),
  z.object({ action: z.literal('cancel') }),
]);
/** The user's answer to an elicitation. */
export type ElicitationAnswer = z.infer<typeof elicitationAnswerSchema>;
