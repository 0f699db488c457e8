/** The attachment calls: stage a file from the user's computer, discard a staged one, a sent image's thumbnail. */
import { ok } from '../../../../shared/errors.ts';
import type { ChatCalls } from '../../ports.ts';
import type { AttachmentStore } from './attachmentStore.ts';

/** The calls of attachments/ in the chat module. */
export type AttachmentCalls = Pick<ChatCalls, 'attachments.add' | 'attachments.discard' | 'attachments.thumbnail'>;

/** Builds the attachment calls over a store. */
export function createAttachmentCalls(store: AttachmentStore): AttachmentCalls {
  return {
    'attachments.add': ({ name, data }) => store.stage(name, data),
    'attachments.discard': async ({ id }) => {
      await store.discard(id);
      return ok(null);
    },
    'attachments.thumbnail': async ({ chatId, id }) => {
      const thumbnail = await store.thumbnail(chatId, id);
      return thumbnail.ok ? ok({ dataUrl: thumbnail.value }) : thumbnail;
    },
  };
}
