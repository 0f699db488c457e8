// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { applyServersDelta, type ServerStatus, type ServerView } from '../../../../shared/servers.ts';
import { initI18n } from '../../i18n/index.ts';
import { useStore } from '../../store/index.ts';
import { TooltipProvider } from '../common/Tooltip.tsx';
import { ServerList } from './ServerList.tsx';

// Counts the status badges rendered: one per card render, so it tells which cards re-rendered.
const badgeRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./StatusBadge.tsx', async (importOriginal) => {
  const real = await importOriginal<typeof import('./StatusBadge.tsx')>();
  return {
    ...real,
    StatusBadge: (props: Parameters<typeof real.StatusBadge>[0]) => {
      badgeRenders.count += 1;
      return real.StatusBadge(props);
    },
  };
});

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  useStore.setState({ servers: [] });
});

const starting: ServerStatus = { state: 'connecting', since: 0 };
const server = (i: number, status: ServerStatus = starting): ServerView => ({
  id: `many-${String(i).padStart(3, '0')}`,
  config: { command: 'node', args: ['server.js'] },
  status,
  transport: 'stdio',
});

/** Reads of a card's own size (each one a forced layout in a browser). */
const cardSizeReads = { count: 0 };

/** jsdom has no layout: give the page a 900 px viewport and each card 96 px, as a window would. */
function fakeLayout() {
  for (const property of ['clientHeight', 'offsetHeight'] as const) {
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, property) ?? Object.getOwnPropertyDescriptor(Element.prototype, property);
    Object.defineProperty(HTMLElement.prototype, property, {
      configurable: true,
      get(this: HTMLElement) {
        if (this.classList.contains('sv-list-item')) cardSizeReads.count += 1;
        return this.classList.contains('page') ? 900 : 96;
      },
    });
    onTestFinished(() => {
      if (original) Object.defineProperty(HTMLElement.prototype, property, original);
      else Reflect.deleteProperty(HTMLElement.prototype, property);
    });
  }
}

/** The list as the Servers view shows it: fed from the store, with a new edit function on every render. */
function Page() {
  const servers = useStore((s) => s.servers);
  return (
    <div className="page">
      <ServerList servers={servers} onEdit={() => undefined} />
    </div>
  );
}

describe('ServerList', () => {
  it('renders only the cards near the view, already for a couple of dozen servers', () => {
    fakeLayout();
    useStore.setState({ servers: Array.from({ length: 25 }, (_, i) => server(i)) });
    render(
      <TooltipProvider>
        <Page />
      </TooltipProvider>,
    );
    const cards = screen.getAllByTestId('server-card');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThan(25);
    expect(cards[0]?.getAttribute('data-server')).toBe('many-000');
  });

  it("re-renders only the card of the server whose status changed", () => {
    fakeLayout();
    const servers = Array.from({ length: 5 }, (_, i) => server(i));
    useStore.setState({ servers });
    render(
      <TooltipProvider>
        <Page />
      </TooltipProvider>,
    );
    expect(screen.getAllByTestId('server-card')).toHaveLength(5);
    const before = badgeRenders.count;
    const changed = server(2, { state: 'error', message: 'spawn node ENOENT', code: 'spawn_failed', stderrTail: [], at: 0 });
    act(() => useStore.setState((s) => ({ servers: applyServersDelta(s.servers, { order: s.servers.map((v) => v.id), changed: [changed] }) })));
    expect(screen.getAllByTestId('status-badge').map((b) => b.getAttribute('data-state'))).toEqual(['connecting', 'connecting', 'error', 'connecting', 'connecting']);
    expect(badgeRenders.count - before).toBe(1);
  });

  it('reads no card size while mounting cards: the resize observer measures them together', () => {
    fakeLayout();
    cardSizeReads.count = 0;
    useStore.setState({ servers: Array.from({ length: 25 }, (_, i) => server(i)) });
    render(
      <TooltipProvider>
        <Page />
      </TooltipProvider>,
    );
    expect(screen.getAllByTestId('server-card').length).toBeGreaterThan(0);
    expect(cardSizeReads.count).toBe(0);
  });

  it('measures where the list starts once, not again for every server added', () => {
    fakeLayout();
    const rects = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    onTestFinished(() => rects.mockRestore());
    render(
      <TooltipProvider>
        <Page />
      </TooltipProvider>,
    );
    for (let i = 0; i < 10; i++) act(() => useStore.setState((s) => ({ servers: [...s.servers, server(i)] })));
    expect(screen.getAllByTestId('server-card')).toHaveLength(10);
    // The list and the page, when the first server arrives (and at mount, when the list was empty).
    expect(rects.mock.calls.length).toBeLessThanOrEqual(4);
  });
});
