/**
 * What the repository last committed for each message that is still streaming: its row's values and each tool call
 * row's values (the statement parameters as written, compared value by value: no second serialization of the blocks). A streamed answer is saved at every finished block and tool call status, and each save
 * used to rewrite the message row and every tool call row; with this, a save writes only the rows that changed.
 */

/** The committed values of one streaming message. */
interface SavedMessage {
  row: RowValues;
  calls: Map<string, RowValues>;
}

/** A row's statement parameters. */
export type RowValues = readonly (string | number | null)[];

// Streaming messages are few (one per running chat); past this something never finished, and forgetting is safe.
const maxMessages = 64;

/** Remembers committed rows; a forgotten message is written whole on its next save, so forgetting is always safe. */
export class SavedRows {
  private readonly messages = new Map<string, SavedMessage>();

  /** True when `row` is what was last committed for message `id`. */
  rowUnchanged(id: string, row: RowValues): boolean {
    return sameValues(this.messages.get(id)?.row, row);
  }

  /** True when `values` is what was last committed for tool call `callId` of message `id`. */
  callUnchanged(id: string, callId: string, values: RowValues): boolean {
    return sameValues(this.messages.get(id)?.calls.get(callId), values);
  }

  /** Records what a save of message `id` committed (call only after its COMMIT succeeded). */
  remember(id: string, row: RowValues, calls: Map<string, RowValues>): void {
    if (this.messages.size >= maxMessages && !this.messages.has(id)) this.messages.clear();
    this.messages.set(id, { row, calls });
  }

  /** Forgets message `id` (it ended, or a write of it may not have been committed). */
  forget(id: string): void {
    this.messages.delete(id);
  }

  /** Forgets everything (another database). */
  clear(): void {
    this.messages.clear();
  }
}

// Equal only when every value is (the JSON columns are strings already).
function sameValues(saved: RowValues | undefined, values: RowValues): boolean {
  return saved !== undefined && saved.length === values.length && saved.every((value, i) => value === values[i]);
}
