/** The branch calls: edit a user message, regenerate a reply, switch between versions, delete a message or branch. */
import { randomUUID } from 'node:crypto';
import { hostErr, ok, type Result } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { ChatMessage, ChatPage, ContentBlock } from '../../../shared/chat.ts';
import type { HostEventHub } from '../events.ts';
import type { ChatCalls } from '../ports.ts';
import type { ChatRepository } from '../store/chatRepository.ts';
import { deleteMessage, depthBelow, switchBranch } from '../store/branchEdits.ts';
import type { ChatRunner } from './chatRunner.ts';

/** The calls this file answers. */
export type BranchCalls = Pick<ChatCalls, 'chat.edit' | 'chat.regenerate' | 'chats.switchBranch' | 'chats.deleteMessage'>;

/** What the branch calls need. */
export interface BranchDeps {
  repo: ChatRepository;
  runner: ChatRunner;
  events: HostEventHub;
  chatsChanged: () => void;
}

// A page that reaches back above the switched message keeps the view in place; a very long branch gets the newest 500.
const pageLimit = (wanted: number): number => Math.min(500, Math.max(50, wanted));

const busy = () => hostErr('invalid_params', hostMessage('chat.busy'));
const noMessage = () => hostErr('not_found', hostMessage('branch.messageGone'));
const noChat = (chatId: string) => hostErr('not_found', hostMessage('chat.notFound', { chatId }));

/** Builds the branch calls. */
export function createBranchCalls(deps: BranchDeps): BranchCalls {
  const { repo, runner } = deps;
  const check = (chatId: string, messageId: string, role?: ChatMessage['role']): Result<ChatMessage> => {
    if (!repo.getChat(chatId)) return noChat(chatId);
    if (runner.isGenerating(chatId)) return busy();
    const message = repo.getMessage(chatId, messageId);
    if (!message) return noMessage();
    if (role && message.role !== role) return hostErr('invalid_params', hostMessage(role === 'user' ? 'branch.editOwnOnly' : 'branch.regenerateRepliesOnly'), { field: 'messageId' });
    return ok(message);
  };
  const page = (chatId: string, limit: number): Result<ChatPage> => {
    const chat = repo.getChat(chatId);
    if (!chat) return noChat(chatId);
    return ok({ chat, ...repo.pageMessages(chatId, limit) });
  };

  return {
    'chat.edit': ({ chatId, messageId, text }) => {
      const original = check(chatId, messageId, 'user');
      if (!original.ok) return Promise.resolve(original);
      // The new version keeps the original's attachments: only the text was edited.
      const kept = original.value.blocks.filter((b) => b.type !== 'text');
      const blocks: ContentBlock[] = [...(text.length > 0 ? [{ type: 'text' as const, text }] : []), ...kept];
      if (blocks.length === 0) return Promise.resolve(hostErr('invalid_params', hostMessage('branch.emptyMessage'), { field: 'text' }));
      const now = Date.now();
      const message: ChatMessage = { id: randomUUID(), chatId, role: 'user', blocks, status: 'complete', createdAt: now, updatedAt: now };
      repo.insertMessage(message, original.value.parentId ?? null);
      deps.events.emit('chat.stream', { type: 'message', chatId, message });
      deps.chatsChanged();
      runner.start(chatId, [], repo.getChat(chatId)?.model ?? '');
      return Promise.resolve(ok({ messageId: message.id }));
    },
    'chat.regenerate': ({ chatId, messageId }) => {
      const reply = check(chatId, messageId, 'assistant');
      if (!reply.ok) return Promise.resolve(reply);
      // The run continues from the reply's parent: its first message is the new version beside the old one.
      repo.tree.setLeaf(chatId, reply.value.parentId ?? null);
      return Promise.resolve(ok({ messageId: runner.start(chatId, [], repo.getChat(chatId)?.model ?? '') }));
    },
    'chats.switchBranch': ({ chatId, messageId }) => {
      const target = check(chatId, messageId);
      if (!target.ok) return Promise.resolve(target);
      switchBranch(repo, chatId, messageId);
      return Promise.resolve(page(chatId, pageLimit(depthBelow(repo, chatId, messageId))));
    },
    'chats.deleteMessage': ({ chatId, messageId }) => {
      const target = check(chatId, messageId);
      if (!target.ok) return Promise.resolve(target);
      deleteMessage(repo, chatId, messageId);
      deps.chatsChanged();
      const parent = target.value.parentId;
      return Promise.resolve(page(chatId, pageLimit(parent ? depthBelow(repo, chatId, parent) : 0)));
    },
  };
}
