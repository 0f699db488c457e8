// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ServerView, ToolSummary } from '../../../../shared/servers.ts';
import { useStore } from '../../store/index.ts';
import { groupTools } from '../../store/toolsDelta.ts';
import { ServerIcon } from './ServerIcon.tsx';

const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const gif = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

const server = (icon: string | undefined): ServerView => ({
  id: 'docs',
  transport: 'stdio',
  config: { command: 'node', args: ['docs.js'] },
  status: {
    state: 'ready', since: 1, era: 'legacy', protocolVersion: '2025-11-25', serverName: 'docs', serverVersion: '1', ...(icon ? { icon } : {}),
    capabilities: { tools: true, resources: false, prompts: false, logging: false, completions: false, listChanged: { tools: false, resources: false, prompts: false }, subscribe: false },
    counts: { tools: 1, resources: 0, prompts: 0 }, warnings: [],
  },
});
const tool = (icon?: string): ToolSummary => ({ exposedName: 'docs__find', serverId: 'docs', toolName: 'find', enabled: true, approval: 'ask', ...(icon ? { icon } : {}) });

afterEach(() => {
  cleanup();
  useStore.setState({ servers: [], toolsByServer: groupTools([]) });
});

describe('ServerIcon', () => {
  it('draws the server\'s checked data: icon', () => {
    useStore.setState({ servers: [server(png)] });
    render(<ServerIcon serverId="docs" fallback={<span>fallback</span>} />);
    expect(screen.getByTestId('server-icon').getAttribute('src')).toBe(png);
  });

  it('prefers the tool\'s own icon on tool cards', () => {
    useStore.setState({ servers: [server(png)], toolsByServer: groupTools([tool(gif)]) });
    render(<ServerIcon serverId="docs" toolName="find" />);
    expect(screen.getByTestId('server-icon').getAttribute('src')).toBe(gif);
  });

  it('never draws an svg, http or javascript source, even if one reached the window', () => {
    for (const bad of ['data:image/svg+xml;base64,PHN2Zy8+', 'https://example.com/a.png', 'javascript:alert(1)']) {
      useStore.setState({ servers: [server(bad)] });
      render(<ServerIcon serverId="docs" fallback={<span>fallback</span>} />);
      expect(screen.queryByTestId('server-icon')).toBeNull();
      expect(screen.getByText('fallback')).toBeTruthy();
      cleanup();
    }
  });
});
