/** Creates a chat and opens it; a failure becomes a toast. Shared by the sidebar button and Ctrl/Cmd+N. */
import { useCallback } from 'react';
import { useStore } from '../../store/index.ts';

/** Returns a function that creates and opens a new chat. */
export function useNewChat(): () => Promise<void> {
  const createChat = useStore((s) => s.createChat);
  const navigate = useStore((s) => s.navigate);
  const notifyError = useStore((s) => s.notifyError);
  return useCallback(async () => {
    const result = await createChat();
    if (result.ok) navigate({ view: 'chat', chatId: result.value.id });
    else notifyError('sidebar:newChatFailed', result.error);
  }, [createChat, navigate, notifyError]);
}
