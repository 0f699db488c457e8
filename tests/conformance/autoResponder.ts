/**
 * A stand-in for the user in conformance runs: watches `elicitations.delta` exactly as the renderer does and
 * accepts every request, filling each form field with the default its schema declares (SEP-1034).
 */
import type { ElicitationAnswer, ElicitationSchema, PendingElicitation } from '../../shared/elicitation.ts';
import type { HostEventHub } from '../../electron/host/events.ts';
import type { ElicitationBroker } from '../../electron/host/ports.ts';

/** A value a form field can carry back. */
type FieldValue = string | number | boolean | string[];

/** The defaults a form schema declares, keyed by field; fields without a default are left out, as a user leaving them empty would. */
export function defaultsOf(schema: ElicitationSchema): Record<string, FieldValue> {
  const content: Record<string, FieldValue> = {};
  for (const [field, property] of Object.entries(schema.properties)) {
    if (property.default !== undefined) content[field] = property.default;
  }
  return content;
}

/** The answer the stand-in user gives: accept, with the form's defaults (URL requests are accepted as if opened). */
export function acceptWithDefaults(pending: PendingElicitation): ElicitationAnswer {
  return pending.mode === 'form' ? { action: 'accept', content: defaultsOf(pending.requestedSchema) } : { action: 'accept' };
}

/** Answers every elicitation the broker publishes; returns a function that stops answering. */
export function startAutoResponder(events: HostEventHub, broker: ElicitationBroker, onAnswer?: (pending: PendingElicitation, answer: ElicitationAnswer) => void): () => void {
  const answered = new Set<string>();
  return events.subscribe((event, payload) => {
    if (event !== 'elicitations.delta') return;
    for (const pending of (payload as { added: PendingElicitation[] }).added) {
      if (answered.has(pending.id)) continue;
      answered.add(pending.id);
      const answer = acceptWithDefaults(pending);
      // Answer after the broker has finished publishing, as a user's click would.
      setImmediate(() => {
        if (broker.answer(pending.id, answer)) onAnswer?.(pending, answer);
      });
    }
  });
}
