/**
 * The SDK Client the host opens servers with: the SDK's own, plus the era's `tools/call` result validator built once.
 *
 * `client.request` without a result schema builds that validator on every call, and builds it by first parsing
 * `undefined` against the era's result schema to see whether the method exists there: a parse that always fails and
 * formats its error (about 5 µs of client CPU per call of ~18; issue 12, `call` sixth look). Passed explicitly, the
 * same validator runs the same check with the same wording, and the probe is skipped.
 */
import { Client, type CallToolResult, type StandardSchemaV1 } from '@modelcontextprotocol/client';

/** The era's `tools/call` result check, in the shape `request` takes as its second argument. */
export type CallResultSchema = StandardSchemaV1<unknown, CallToolResult>;

/** One validator per era codec (the codecs are the SDK's module-level singletons, one per wire revision). */
const schemasByCodec = new WeakMap<object, CallResultSchema>();

/** Client with one addition: the result validator `request` would build per call for `tools/call`, built once per era. */
export class HostClient extends Client {
  /**
   * The validator the SDK's `request` builds for `tools/call` (its `codecResultValidator`): the negotiated era's wire
   * schema, its error message as one issue. Same check, same words; only built once (see the file's comment).
   */
  callResultSchema(): CallResultSchema {
    const codec = this._wireCodec();
    const known = schemasByCodec.get(codec);
    if (known) return known;
    const schema: CallResultSchema = {
      '~standard': {
        version: 1,
        vendor: 'mcp-wire-codec',
        validate: (value) => {
          const outcome = codec.validateResult('tools/call', value);
          if (outcome.ok) return { value: outcome.value };
          return { issues: [{ message: outcome.reason === 'invalid' ? outcome.message : 'not-in-era: tools/call' }] };
        },
      },
    };
    schemasByCodec.set(codec, schema);
    return schema;
  }
}
