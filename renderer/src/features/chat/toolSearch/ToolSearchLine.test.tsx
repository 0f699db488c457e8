// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ToolSearchBlock } from '../../../../../shared/chat.ts';
import { initI18n } from '../../../i18n/index.ts';
import { ToolSearchLine } from './ToolSearchLine.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

function block(over: Partial<ToolSearchBlock>): ToolSearchBlock {
  return { type: 'tool_search', id: 'srv_1', by: 'server', name: 'tool_search_tool_bm25', input: { query: 'weather' }, query: 'weather', status: 'done', loaded: [], ...over };
}

function line(): string {
  return screen.getByTestId('tool-search').textContent ?? '';
}

describe('ToolSearchLine', () => {
  it('shows the words searched for while the search runs', () => {
    render(<ToolSearchLine block={block({ status: 'searching' })} />);
    expect(line()).toBe('Searching tools for “weather”…');
  });

  it('shows no empty quotes while the query is still streaming in', () => {
    render(<ToolSearchLine block={block({ status: 'searching', query: '', input: undefined, partialInput: '{"que' })} />);
    expect(line()).not.toContain('“”');
    expect(line()).toBe('Searching tools for…');
    cleanup();
    render(<ToolSearchLine block={block({ query: '', input: {} })} />);
    expect(line()).toBe('Searched tools for · no tools found');
  });

  it('shows the tools an API-side search loaded, each name on its own', () => {
    render(<ToolSearchLine block={block({ loaded: ['weather__get_forecast', 'weather__get_alerts'] })} />);
    expect(line()).toContain('Searched tools for “weather” · loaded 2 tools:');
    const names = [...screen.getByTestId('tool-search').querySelectorAll('code')].map((c) => c.textContent);
    expect(names).toEqual(['weather__get_forecast', 'weather__get_alerts']);
  });

  it('says "tool" for one tool loaded by the host-side search', () => {
    render(<ToolSearchLine block={block({ by: 'host', id: 'toolu_1', name: 'search_tools', query: 'files', loaded: ['fs__read_file'] })} />);
    expect(line()).toContain('Searched tools for “files” · loaded 1 tool:');
    expect(screen.getByText('fs__read_file').closest('code')).not.toBeNull();
  });

  it('says when nothing was found, with no tool names', () => {
    render(<ToolSearchLine block={block({ query: 'teleport' })} />);
    expect(line()).toBe('Searched tools for “teleport” · no tools found');
    expect(screen.getByTestId('tool-search').querySelector('code')).toBeNull();
  });

  it('says that a search failed, with its error code', () => {
    render(<ToolSearchLine block={block({ status: 'error', errorCode: 'too_many_requests' })} />);
    expect(line()).toBe('The tool search failed (too_many_requests).');
    expect(line()).not.toContain('loaded');
  });

  it('shows hidden characters in a query and in tool names instead of letting them act', () => {
    render(<ToolSearchLine block={block({ query: 'a\u202Eb', loaded: ['evil\u200Bname'] })} />);
    expect(line()).not.toContain('\u202E');
    expect(line()).not.toContain('\u200B');
    expect(line()).toContain('U+202E');
    expect(line()).toContain('U+200B');
  });

  it('keeps its icon out of what a screen reader says, and has no buttons', () => {
    render(<ToolSearchLine block={block({ loaded: ['weather__get_forecast'] })} />);
    const root = screen.getByTestId('tool-search');
    expect(root.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('speaks Vietnamese and Chinese', async () => {
    try {
      await i18next.changeLanguage('vi');
      const first = render(<ToolSearchLine block={block({ loaded: ['a__b', 'c__d'] })} />);
      expect(line()).toContain('Đã tìm công cụ cho “weather” · đã tải 2 công cụ:');
      first.unmount();
      const second = render(<ToolSearchLine block={block({ status: 'searching' })} />);
      expect(line()).toBe('Đang tìm công cụ cho “weather”…');
      second.unmount();
      await i18next.changeLanguage('zh-CN');
      const third = render(<ToolSearchLine block={block({ query: '天气' })} />);
      expect(line()).toBe('已搜索工具： “天气” · 未找到工具');
      third.unmount();
      render(<ToolSearchLine block={block({ status: 'error', errorCode: 'unavailable' })} />);
      expect(line()).toBe('工具搜索失败（unavailable）。');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
