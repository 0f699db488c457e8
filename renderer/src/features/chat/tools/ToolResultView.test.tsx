// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../../../../shared/errors.ts';
import { initI18n } from '../../../i18n/index.ts';
import { useStore } from '../../../store/index.ts';
import { ToolResultView } from './ToolResultView.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ToolResultView of a cut result', () => {
  it('says the result was cut and downloads the full one the host kept', async () => {
    const fullToolResult = vi.fn(() => Promise.resolve(ok({ filename: 'tool-result-toolu_9.txt', mimeType: 'text/plain', content: 'all of it' })));
    useStore.setState({ chatId: 'chat-1', fullToolResult });
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<ToolResultView result={{ content: [{ type: 'text', text: 'The quick' }], isError: false }} toolCallId="toolu_9" full={{ chars: 20_000_000, format: 'text' }} />);
    expect(screen.getByText(/This result has 20,000,000 characters/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download the full result' }));
    expect(fullToolResult).toHaveBeenCalledWith('chat-1', 'toolu_9');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('shows no note for a result that was not cut', () => {
    render(<ToolResultView result={{ content: [{ type: 'text', text: 'small' }], isError: false }} toolCallId="toolu_1" />);
    expect(screen.queryByRole('button', { name: 'Download the full result' })).toBeNull();
  });
});
