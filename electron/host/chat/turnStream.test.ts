/** A tool call's streamed input: parsed at the block's stop, or an error card the window translates. */
import { describe, expect, it } from 'vitest';
import type { ToolCallBlock } from '../../../shared/chat.ts';
import { finishToolInput } from './turnStream.ts';

const call = (partialInput: string): ToolCallBlock => ({ type: 'tool_call', id: 't', exposedName: 's__x', serverId: 's', toolName: 'x', input: {}, partialInput, status: 'streaming_input', destructive: true });

describe('finishToolInput', () => {
  it('parses the streamed JSON, an empty input being {}', () => {
    const full = call('{"a":1}');
    finishToolInput(full);
    expect(full).toMatchObject({ input: { a: 1 }, status: 'awaiting_approval' });
    const empty = call('');
    finishToolInput(empty);
    expect(empty).toMatchObject({ input: {}, status: 'awaiting_approval' });
  });

  it('turns input that is not JSON into an error card with a code, the raw input kept as detail', () => {
    const broken = call('{"a":');
    finishToolInput(broken);
    expect(broken.status).toBe('error');
    expect(broken.error).toEqual({
      code: 'invalid_params',
      message: 'The model sent tool arguments that are not valid JSON; the tool was not run.',
      text: { code: 'chat.badToolInput' },
      detail: '{"a":',
    });
  });
});
