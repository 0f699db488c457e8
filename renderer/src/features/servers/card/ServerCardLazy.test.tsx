// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerView } from '../../../../../shared/servers.ts';
import { initI18n } from '../../../i18n/index.ts';
import { TooltipProvider } from '../../common/Tooltip.tsx';
import { ServerCard } from '../ServerCard.tsx';

// Counts the Radix menus and tooltips mounted: one per card before they were built on first use (issue 12).
const mounted = vi.hoisted(() => ({ menus: 0, tips: 0 }));
vi.mock('@radix-ui/react-dropdown-menu', async (importOriginal) => {
  const real = await importOriginal<typeof import('@radix-ui/react-dropdown-menu')>();
  const Root = (props: Parameters<typeof real.Root>[0]) => {
    mounted.menus += 1;
    return real.Root(props);
  };
  return { ...real, Root };
});
vi.mock('@radix-ui/react-tooltip', async (importOriginal) => {
  const real = await importOriginal<typeof import('@radix-ui/react-tooltip')>();
  const Root = (props: Parameters<typeof real.Root>[0]) => {
    mounted.tips += 1;
    return real.Root(props);
  };
  return { ...real, Root };
});

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  cleanup();
  mounted.menus = 0;
  mounted.tips = 0;
});

const server = (i: number): ServerView => ({
  id: `many-${i}`,
  config: { command: 'node', args: ['server.js'] },
  status: { state: 'connecting', since: 0 },
  transport: 'stdio',
});

function Cards({ count, onEdit = () => undefined }: { count: number; onEdit?: (server: ServerView) => void }) {
  return (
    <TooltipProvider>
      {Array.from({ length: count }, (_, i) => (
        <ServerCard key={i} server={server(i)} onEdit={onEdit} />
      ))}
    </TooltipProvider>
  );
}

describe('server card menus and hints', () => {
  it('mounts no actions menu and no restart hint until one is used', () => {
    render(<Cards count={5} />);
    expect(screen.getAllByTestId('server-card')).toHaveLength(5);
    expect(mounted.menus).toBe(0);
    expect(mounted.tips).toBe(0);
  });

  it('opens the actions menu from the keyboard with focus on its first item, and gives focus back on Escape', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    render(<Cards count={2} onEdit={onEdit} />);
    const trigger = screen.getByRole('button', { name: 'Actions for many-1' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    trigger.focus();
    await user.keyboard('{Enter}');
    const edit = await screen.findByRole('menuitem', { name: 'Edit' });
    await waitFor(() => expect(document.activeElement).toBe(edit));
    // While the (modal) menu is open the rest of the page is hidden from assistive technology.
    expect(screen.getByRole('button', { name: 'Actions for many-1', hidden: true }).getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for many-1' }));
    // Opened again with a click, an item does what it says.
    await user.click(screen.getByRole('button', { name: 'Actions for many-1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 'many-1' }));
    expect(mounted.menus).toBeGreaterThan(0);
  });

  it('shows the restart hint to a keyboard user, who keeps focus on the button', async () => {
    const user = userEvent.setup();
    render(<Cards count={1} />);
    const restart = screen.getByRole('button', { name: 'Restart many-0' });
    restart.focus();
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toContain('Restart');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Restart many-0');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
