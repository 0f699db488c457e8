// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { initI18n } from '../../i18n/index.ts';
import { Markdown } from './Markdown.tsx';

beforeAll(() => {
  initI18n('en');
});
// Formatting a block is charged at least 5 ms, as on a slow machine: how many blocks fit in a task's 12 ms budget
// must not depend on how fast the machine running the tests is (a fast one formatted all 120 at once).
beforeEach(() => {
  const realNow = performance.now.bind(performance);
  let extra = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => realNow() + (extra += 2.5));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// A burst of finished blocks, as one frame of a fast stream brings them: 40 sections with a heading, a list and math.
const burst = Array.from({ length: 40 }, (_, i) => `## Part ${i}\n\n- **item** ${i}\n- next\n\nShare $p_{${i}} = \\frac{${i}}{2}$.`).join('\n\n');

describe('Markdown while a reply streams', () => {
  it('formats a burst of blocks over several tasks, showing the waiting ones as plain text, until all are formatted', async () => {
    const { container } = render(<Markdown text={burst} streaming />);
    // Not all at once: formatting 120 blocks in one task is what blocked the page.
    const waiting = container.querySelectorAll('.md-chunk.is-pending');
    expect(waiting.length).toBeGreaterThan(0);
    // The text of a waiting block is on screen, as written.
    expect(waiting[waiting.length - 1]?.textContent).toContain('Share $p_{39}');
    await waitFor(() => expect(container.querySelectorAll('.md-chunk.is-pending')).toHaveLength(0), { timeout: 30_000 });
    expect(container.querySelectorAll('h2')).toHaveLength(40);
    expect(container.querySelectorAll('.katex')).toHaveLength(40);
  });

  it('keeps formatting the backlog after the reply ends, and formats a finished reply at once', async () => {
    const { container, rerender } = render(<Markdown text={burst} streaming />);
    rerender(<Markdown text={burst} />);
    await waitFor(() => expect(container.querySelectorAll('.md-chunk.is-pending')).toHaveLength(0), { timeout: 30_000 });
    expect(container.querySelectorAll('h2')).toHaveLength(40);
    cleanup();
    const finished = render(<Markdown text={burst} />);
    expect(finished.container.querySelectorAll('.md-chunk.is-pending')).toHaveLength(0);
    expect(finished.container.querySelectorAll('h2')).toHaveLength(40);
  });
});
