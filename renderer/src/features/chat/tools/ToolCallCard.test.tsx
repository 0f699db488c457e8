// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PendingApproval, ToolCallBlock } from '../../../../../shared/chat.ts';
import { ok } from '../../../../../shared/errors.ts';
import { initI18n } from '../../../i18n/index.ts';
import { ToolCallCard } from './ToolCallCard.tsx';

// A 1x1 PNG, as server-everything's get-tiny-image returns a (larger) PNG in base64.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let seq = 0;
function call(overrides: Partial<ToolCallBlock>): ToolCallBlock {
  seq += 1;
  return {
    type: 'tool_call',
    id: `toolu_${seq}`,
    exposedName: 'everything__get-sum',
    serverId: 'everything',
    toolName: 'get-sum',
    title: 'Get Sum',
    input: { a: 2, b: 3 },
    status: 'done',
    destructive: false,
    ...overrides,
  };
}

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

function statusText(): string {
  return document.querySelector('.tool-status')?.textContent ?? '';
}

describe('ToolCallCard', () => {
  it('shows the server, the tool title and name, and the streaming partial input as it arrives', () => {
    render(<ToolCallCard block={call({ status: 'streaming_input', input: undefined, partialInput: '{"a": 2, "b": 3' })} />);
    expect(screen.getByText('everything')).toBeTruthy();
    expect(screen.getByText('Get Sum')).toBeTruthy();
    expect(screen.getByText('get-sum')).toBeTruthy();
    expect(statusText()).toBe('Preparing');
    expect(screen.getByText('Arguments (receiving…)')).toBeTruthy();
    expect(document.querySelector('.tool-args')?.textContent).toBe('{\n  "a": 2,\n  "b": 3\n}');
  });

  it('awaiting approval: shows what will run, flags a destructive tool, and sends the decision', async () => {
    const block = call({ status: 'awaiting_approval', toolName: 'delete-file', title: 'Delete file', destructive: true, input: { path: '/tmp/x' } });
    const approval: PendingApproval = {
      id: 'ap1',
      chatId: 'c1',
      toolCallId: block.id,
      serverId: 'files',
      toolName: 'delete-file',
      exposedName: 'files__delete-file',
      title: 'Delete file',
      input: { path: '/tmp/x' },
      destructive: true,
      readOnly: false,
      createdAt: Date.now(),
    };
    const onAnswer = vi.fn(() => Promise.resolve(ok(null)));
    render(<ToolCallCard block={block} approval={approval} onAnswerApproval={onAnswer} />);
    expect(statusText()).toBe('Awaiting approval');
    const card = screen.getByRole('group', { name: 'Approval for Delete file' });
    expect(card.querySelector('.approval-question')?.textContent).toBe('Allow Delete file from files to run?');
    expect(within(card).getByText(/may delete or overwrite data/)).toBeTruthy();
    expect(card.querySelector('.approval-args')?.textContent).toBe('{\n  "path": "/tmp/x"\n}');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Always allow this tool' }));
    await user.click(within(card).getByRole('button', { name: 'Deny' }));
    await user.click(within(card).getByRole('button', { name: 'Allow once' }));
    expect(onAnswer.mock.calls).toEqual([
      ['ap1', 'always_allow'],
      ['ap1', 'deny'],
      ['ap1', 'allow_once'],
    ]);
  });

  it('running: a determinate progress bar, the progress message and the elapsed time', () => {
    render(<ToolCallCard block={call({ status: 'running', startedAt: Date.now() - 65_000, progress: { progress: 5, total: 10, message: 'Step 5 of 10' } })} />);
    expect(statusText()).toBe('Running');
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('Step 5 of 10')).toBeTruthy();
    expect(screen.getByText(/^1:0[5-9] elapsed$/)).toBeTruthy();
  });

  it('running without a total: an indeterminate bar', () => {
    render(<ToolCallCard block={call({ status: 'running', startedAt: Date.now() })} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();
  });

  it('done: collapsed unless asked, opens on click, shows the text result and the duration', async () => {
    render(<ToolCallCard block={call({ status: 'done', durationMs: 1234, result: { content: [{ type: 'text', text: 'The sum of 2 and 3 is 5.' }], isError: false } })} />);
    expect(statusText()).toBe('Done');
    expect(screen.getByText('1.2 s')).toBeTruthy();
    expect(screen.queryByText('The sum of 2 and 3 is 5.')).toBeNull();
    const head = screen.getByRole('button', { expanded: false });
    await userEvent.setup().click(head);
    expect(head.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('The sum of 2 and 3 is 5.')).toBeTruthy();
  });

  it('done with an image: the image is shown from the returned data', () => {
    render(<ToolCallCard defaultOpen block={call({ toolName: 'get-tiny-image', title: 'Get Tiny Image', result: { content: [{ type: 'text', text: 'A tiny image:' }, { type: 'image', data: PNG, mimeType: 'image/png' }], isError: false } })} />);
    const img = screen.getByRole('img', { name: 'Image returned by the tool (image/png)' });
    expect(img.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
  });

  it('renders audio, resource links, embedded resources and structured content by type', () => {
    render(
      <ToolCallCard
        defaultOpen
        block={call({
          result: {
            content: [
              { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
              { type: 'resource_link', uri: 'https://example.com/report.pdf', name: 'report.pdf', title: 'Quarterly report', mimeType: 'application/pdf' },
              { type: 'resource', resource: { uri: 'demo://resource/static/1', mimeType: 'text/plain', text: 'Resource 1 text' } },
            ],
            structuredContent: { temperature: 21.5 },
            isError: false,
          },
        })}
      />,
    );
    expect(document.querySelector('audio')?.getAttribute('src')).toBe('data:audio/wav;base64,UklGRg==');
    expect(screen.getByText('Quarterly report')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://example.com/report.pdf' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByText('demo://resource/static/1')).toBeTruthy();
    expect(screen.getByText('Resource 1 text')).toBeTruthy();
    expect(screen.getByText('Structured result')).toBeTruthy();
    expect(document.querySelector('.tool-result-structured pre')?.textContent).toBe('{\n  "temperature": 21.5\n}');
  });

  it('error in a finished turn: one line (server / tool, status), opened by a keyboard-reachable button', async () => {
    render(<ToolCallCard block={call({ status: 'error', durationMs: 800, error: { code: 'timeout', message: 'Tool call timed out after 60 s' } })} />);
    expect(statusText()).toBe('Error');
    expect(screen.queryByRole('alert')).toBeNull();
    const head = screen.getByRole('button', { expanded: false });
    head.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(head.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Tool call timed out after 60 s');
  });

  it('error: says the message once, folds the detail, and points to the server for a server-side failure', () => {
    const error = {
      code: 'process_exited' as const,
      message: 'The server stopped before answering.',
      text: { code: 'request.stopped' as const },
      detail: 'JSON-RPC code -32000',
    };
    render(<ToolCallCard defaultOpen block={call({ status: 'error', error })} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent?.split('The server stopped before answering.').length).toBe(2);
    expect(alert.textContent).not.toContain('The call failed');
    expect(alert.querySelector('details')?.open).toBe(false);
    expect(alert.querySelector('details summary')?.textContent).toBe('Details');
    expect(screen.getByRole('button', { name: /Open everything in Servers/ })).toBeTruthy();
  });

  it('shows structured content once when a text item already carries the same JSON', () => {
    const structured = { temperature: 21.5, conditions: 'sunny' };
    render(
      <ToolCallCard
        defaultOpen
        block={call({ result: { content: [{ type: 'text', text: JSON.stringify({ conditions: 'sunny', temperature: 21.5 }) }], structuredContent: structured, isError: false } })}
      />,
    );
    expect(screen.queryByText('Structured result')).toBeNull();
    expect(document.querySelectorAll('.tool-result-text')).toHaveLength(1);
  });

  it('a result flagged isError reads as an error', () => {
    render(<ToolCallCard defaultOpen block={call({ status: 'done', result: { content: [{ type: 'text', text: 'Invalid arguments' }], isError: true } })} />);
    expect(statusText()).toBe('Error');
    expect(screen.getByText('Result (the tool reported an error)')).toBeTruthy();
  });

  it('denied and cancelled say so', () => {
    render(<ToolCallCard defaultOpen block={call({ status: 'denied', error: { code: 'tool_denied', message: 'The user declined' } })} />);
    expect(statusText()).toBe('Denied');
    expect(screen.getByText('Not run: you denied this call')).toBeTruthy();
    // The title says it; the host's sentence would say the same again.
    expect(screen.queryByText('The user declined')).toBeNull();
    cleanup();
    render(<ToolCallCard defaultOpen block={call({ status: 'cancelled', error: { code: 'cancelled', message: 'Stopped by the user' } })} />);
    expect(statusText()).toBe('Cancelled');
    expect(screen.getByText('Cancelled before it finished')).toBeTruthy();
  });

  it('isolates the server and tool names in the card head and shows their hidden characters', () => {
    render(<ToolCallCard block={call({ serverId: 'files\u202E', title: 'Get\u200BSum', toolName: 'get\u2066sum' })} />);
    const head = document.querySelector('.tool-card-head');
    expect([...(head?.querySelectorAll('bdi.visible-text') ?? [])].map((node) => node.textContent)).toEqual(['files⟨U+202E⟩', 'Get⟨U+200B⟩Sum', 'get⟨U+2066⟩sum']);
    expect(head?.textContent).not.toMatch(/[\u202E\u200B\u2066]/);
    expect(screen.getByRole('region', { name: /files⟨U\+202E⟩/ })).toBeTruthy();
  });
});
