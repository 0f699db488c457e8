/**
 * The composer's files from the user's computer: each picked, dropped or pasted file is checked here (size, count),
 * sent to the host ('attachments.add', which sniffs, limits and scales it) and shown as a chip until the message is
 * sent. Problems are listed under the chips until the user dismisses them or attaches again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AttachmentInfo } from '../../../../../../shared/attachments.ts';
import type { HostMessage } from '../../../../../../shared/hostMessages.ts';
import { call } from '../../../../bridge/index.ts';
import { checkPicked, toBase64, type FileProblem } from './fileCheck.ts';

/** A file on the message being written. */
export interface ComposerFile {
  key: string;
  name: string;
  state: 'uploading' | 'ready';
  info?: AttachmentInfo & { thumbnail?: string };
}

/** Something the user should read about a file: a translated problem found here, or the host's message. */
export type FileNotice = FileProblem | { name: string; message: string; text?: HostMessage };

let nextKey = 0;

/** State and actions of the composer's files. */
export function useFileAttachments() {
  const [files, setFiles] = useState<ComposerFile[]>([]);
  const [notices, setNotices] = useState<FileNotice[]>([]);
  const current = useRef<ComposerFile[]>([]);
  const removed = useRef(new Set<string>());
  current.current = files;

  const add = useCallback(async (picked: readonly File[], nameOf: (file: File) => string = (f) => f.name) => {
    const named = picked.map((file) => ({ file, name: nameOf(file), size: file.size }));
    const { accepted, problems } = checkPicked(named, current.current.length);
    setNotices(problems);
    const entries = accepted.flatMap((index) => {
      const item = named[index];
      return item ? [{ ...item, key: `f${nextKey++}` }] : [];
    });
    if (entries.length === 0) return;
    setFiles((list) => [...list, ...entries.map(({ key, name }): ComposerFile => ({ key, name, state: 'uploading' }))]);
    // One at a time: a few large files at once would hold all their base64 in memory together.
    for (const entry of entries) {
      const result = await call('attachments.add', { name: entry.name, data: await toBase64(entry.file) });
      if (removed.current.has(entry.key)) {
        if (result.ok) void call('attachments.discard', { id: result.value.id });
        continue;
      }
      if (result.ok) {
        setFiles((list) => list.map((f) => (f.key === entry.key ? { ...f, state: 'ready', info: result.value } : f)));
      } else {
        setFiles((list) => list.filter((f) => f.key !== entry.key));
        const { message, text } = result.error;
        setNotices((list) => [...list, { name: entry.name, message, ...(text ? { text } : {}) }]);
      }
    }
  }, []);

  const remove = useCallback((key: string) => {
    const file = current.current.find((f) => f.key === key);
    if (!file) return;
    removed.current.add(key);
    if (file.info) void call('attachments.discard', { id: file.info.id });
    setFiles((list) => list.filter((f) => f.key !== key));
  }, []);

  /** After a send: the host has taken the files into the chat. */
  const clear = useCallback(() => {
    current.current = [];
    setFiles([]);
    setNotices([]);
  }, []);

  // Files staged but never sent are forgotten when the composer goes (another chat opened).
  useEffect(
    () => () => {
      for (const file of current.current) if (file.info) void call('attachments.discard', { id: file.info.id });
    },
    [],
  );

  const ids = files.flatMap((f) => (f.info ? [f.info.id] : []));
  return { files, ids, uploading: files.some((f) => f.state === 'uploading'), notices, dismissNotices: () => setNotices([]), add, remove, clear };
}
