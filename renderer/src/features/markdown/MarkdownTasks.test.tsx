// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { initI18n } from '../../i18n/index.ts';
import { Markdown } from './Markdown.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('Markdown task lists', () => {
  it('names each task checkbox by its own text (a screen reader hears the task, not "checkbox")', () => {
    render(<Markdown text={['- [x] Write the changelog', '- [ ] Tag the release', '  - [ ] Push the tag', '- plain item'].join('\n')} />);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Write the changelog' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Tag the release' }).checked).toBe(false);
    // A nested task is named by itself, not folded into its parent's label.
    expect(screen.getByRole('checkbox', { name: 'Push the tag' })).toBeTruthy();
    expect(screen.getByText('plain item').closest('label')).toBeNull();
  });
});
