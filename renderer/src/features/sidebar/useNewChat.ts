/**
 * Opens the start page, whose first message creates the chat. Shared by the sidebar button, Ctrl/Cmd+N and the
 * desktop menu. Creating the chat right away would leave an empty "New chat" in the list at every press.
 */
import { useCallback } from 'react';
import { useStore } from '../../store/index.ts';

/** Returns a function that shows the start page and puts the cursor in its message box. */
export function useNewChat(): () => void {
  const navigate = useStore((s) => s.navigate);
  return useCallback(() => {
    navigate({ view: 'chat' });
    // Already on the start page, the box keeps its mount; bring the cursor back to it.
    requestAnimationFrame(() => document.querySelector<HTMLTextAreaElement>('.chat-start-composer textarea')?.focus());
  }, [navigate]);
}
