/**
 * The message box: multi-line text (Enter sends, Shift+Enter breaks the line, Esc stops generation), a model picker,
 * resource attachments and the "/" prompt picker.
 */
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowUp, Paperclip, Square, X } from 'lucide-react';
import type { PromptInfo } from '../../../../../shared/servers.ts';
import type { ChatRunState, ToolScope } from '../../../../../shared/chat.ts';
import { call } from '../../../bridge/index.ts';
import { useStore } from '../../../store/index.ts';
import { navigate, notifyError } from '../hooks/appActions.ts';
import { VisibleText } from '../../common/VisibleText.tsx';
import { AttachDialog, type PickedResource } from './AttachDialog.tsx';
import { ContextMeter } from './ContextMeter.tsx';
import { ModelPicker } from './ModelPicker.tsx';
import { ToolScopePicker } from './scope/ToolScopePicker.tsx';
import { PromptArgsDialog, PromptList } from './PromptPicker.tsx';
import { promptText, usePromptPicker } from './usePromptPicker.ts';
import { AttachMenu } from './attachments/AttachMenu.tsx';
import { DropHint, FileChips, FileNotices } from './attachments/FileChips.tsx';
import { useFileAttachments } from './attachments/useFileAttachments.ts';
import { pasteFiles, useFileDrop } from './attachments/useFileDrop.ts';
import { errorMessage } from '../../common/errorText.ts';

// Per-chat drafts and model choices survive switching chats.
const drafts = new Map<string, string>();
const chosenModels = new Map<string, string>();

/** Props of the composer. */
export interface ComposerProps {
  /** The chat; absent on the start page, where the first message creates it. */
  chatId?: string | undefined;
  /** The chat's model (used until the user picks another). */
  chatModel: string | undefined;
  generating: boolean;
  /** The chat's run state as last applied (a new object at each run state event; the context meter re-reads on it). */
  run?: ChatRunState | undefined;
}

/** The composer at the bottom of a chat; render it with `key={chatId}` so each chat gets its own. */
// Memoized: the chat view re-renders every frame while a reply streams, the composer need not.
export const Composer = memo(function Composer({ chatId, chatModel, generating, run }: ComposerProps) {
  const draftKey = chatId ?? '';
  const { t } = useTranslation('chat');
  const sendMessage = useStore((s) => s.sendMessage);
  const createChat = useStore((s) => s.createChat);
  const stopChat = useStore((s) => s.stopChat);
  const defaultModel = useStore((s) => s.settings?.model);
  const [text, setText] = useState(() => drafts.get(draftKey) ?? '');
  const [attachments, setAttachments] = useState<PickedResource[]>([]);
  const [model, setModel] = useState<string>(() => chosenModels.get(draftKey) ?? chatModel ?? defaultModel ?? '');
  const [attachOpen, setAttachOpen] = useState(false);
  const [promptForArgs, setPromptForArgs] = useState<PromptInfo | undefined>();
  const [sending, setSending] = useState(false);
  // Start page only: the tool scope picked before the chat exists, stored with it once the first send creates it.
  const [startScope, setStartScope] = useState<ToolScope | undefined>();
  const input = useRef<HTMLTextAreaElement>(null);
  // On the start page: the chat made by a first send the host then refused, reused by the next attempt.
  const created = useRef<string | undefined>(undefined);
  const picker = usePromptPicker(text);
  // Files from the user's computer: picked in the Attach menu, dropped on the chat, pasted into the box.
  const files = useFileAttachments();
  const wrap = useRef<HTMLDivElement>(null);
  const addFiles = files.add;
  const onDropFiles = useCallback((list: File[]) => void addFiles(list), [addFiles]);
  const dragging = useFileDrop(wrap, onDropFiles);

  useEffect(() => {
    input.current?.focus();
  }, []);

  // The chat's model may arrive after the first render; it fills the picker until the user chooses.
  useEffect(() => {
    if (!model && (chatModel || defaultModel)) setModel(chatModel ?? defaultModel ?? '');
  }, [model, chatModel, defaultModel]);

  // Grow with the text up to a limit, then scroll.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 240)}px`;
  }, [text]);

  const update = (value: string): void => {
    setText(value);
    drafts.set(draftKey, value);
  };

  const send = async (): Promise<void> => {
    const body = text.trim();
    if ((!body && attachments.length === 0 && files.ids.length === 0) || generating || sending || files.uploading) return;
    setSending(true);
    let target = chatId ?? created.current;
    if (!target) {
      const made = await createChat(model || undefined);
      if (!made.ok) {
        setSending(false);
        notifyError('chat:toast.createFailed', made.error);
        return;
      }
      target = made.value.id;
      created.current = target;
    }
    if (!chatId && startScope) {
      // Never sent with tools the user left out: a scope that could not be stored stops the send (the text stays).
      const scoped = await call('chats.setToolScope', { chatId: target, scope: startScope });
      if (!scoped.ok) {
        setSending(false);
        notifyError('chat:toast.sendFailed', scoped.error);
        return;
      }
    }
    const result = await sendMessage(target, body, { attachments: attachments.map(({ serverId, uri }) => ({ serverId, uri })), files: files.ids, ...(model ? { model } : {}) });
    setSending(false);
    if (!result.ok) {
      // The text and attachments stay here to be sent again (on the start page, into the chat already created,
      // unless it was deleted meanwhile).
      if (result.error.code === 'not_found') created.current = undefined;
      notifyError('chat:toast.sendFailed', result.error);
      return;
    }
    update('');
    setAttachments([]);
    files.clear();
    if (!chatId) {
      // Only now leave the start page: moving earlier would unmount this box and lose a message the host refused.
      if (model) chosenModels.set(target, model);
      navigate({ view: 'chat', chatId: target });
    }
  };

  const applyPrompt = async (prompt: PromptInfo, args: Record<string, string>): Promise<string | undefined> => {
    const result = await call('prompts.get', { serverId: prompt.serverId, name: prompt.name, ...(Object.keys(args).length ? { arguments: args } : {}) });
    if (!result.ok) return errorMessage(t, result.error);
    update(promptText(result.value));
    setPromptForArgs(undefined);
    input.current?.focus();
    return undefined;
  };

  const pickPrompt = (prompt: PromptInfo): void => {
    picker.close();
    if (prompt.arguments.length > 0) setPromptForArgs(prompt);
    else
      void applyPrompt(prompt, {}).then((problem) => {
        if (problem) notifyError('chat:toast.promptFailed', { code: 'internal', message: problem });
      });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (e.nativeEvent.isComposing) return; // An IME is composing (Vietnamese, Chinese): Enter confirms the candidate.
    if (picker.open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        picker.move(e.key === 'ArrowDown' ? 1 : -1);
        return;
      }
      if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
        const chosen = picker.items[picker.highlight];
        if (chosen) {
          e.preventDefault();
          pickPrompt(chosen);
          return;
        }
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        picker.close();
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void send();
    } else if (e.key === 'Escape' && generating && chatId) {
      e.preventDefault();
      void stopChat(chatId);
    }
  };

  const canSend = (text.trim() !== '' || attachments.length > 0 || files.ids.length > 0) && !generating && !sending && !files.uploading;
  return (
    <div className="chat-composer-wrap" ref={wrap}>
      <PromptList picker={picker} onPick={pickPrompt} />
      <ContextMeter chatId={chatId} run={run} />
      <div className={`chat-composer${dragging ? ' chat-drop-target' : ''}`}>
        <DropHint show={dragging} />
        <FileNotices notices={files.notices} onDismiss={files.dismissNotices} />
        <FileChips files={files.files} onRemove={files.remove} />
        {attachments.length > 0 && (
          <ul className="chat-composer-attachments" aria-label={t('composer.attachments')}>
            {attachments.map((a) => (
              <li key={`${a.serverId}:${a.uri}`} className="chat-attachment" title={a.uri}>
                <Paperclip size={13} aria-hidden />
                <span>
                  <VisibleText text={a.name} />
                </span>
                <span className="chat-attachment-server">
                  <VisibleText text={a.serverId} />
                </span>
                <button type="button" aria-label={t('composer.removeAttachment', { name: a.name })} onClick={() => setAttachments((list) => list.filter((x) => x !== a))}>
                  <X size={12} aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <textarea
          ref={input}
          className="chat-composer-input"
          rows={1}
          value={text}
          placeholder={t('composer.placeholder')}
          aria-label={t('composer.label')}
          // A textarea keeps its textbox role, which takes no aria-expanded: the open prompt list is announced through
          // aria-controls and aria-activedescendant instead (axe: aria-allowed-attr).
          aria-autocomplete="list"
          {...(picker.open ? { 'aria-controls': 'chat-prompt-list', 'aria-activedescendant': `chat-prompt-${picker.highlight}` } : {})}
          onChange={(e) => update(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={(e) => pasteFiles(e, (list, nameOf) => void files.add(list, nameOf))}
        />
        <div className="chat-composer-bar">
          <AttachMenu onFiles={onDropFiles} onResource={() => setAttachOpen(true)} />
          <span className="chat-composer-hint">{t('composer.hint')}</span>
          <span className="chat-composer-spacer" />
          <ToolScopePicker chatId={chatId} scope={startScope} onScopeChange={setStartScope} />
          <ModelPicker
            value={model}
            onChange={(m) => {
              setModel(m);
              chosenModels.set(draftKey, m);
            }}
          />
          {generating ? (
            <button type="button" className="chat-send is-stop" onClick={() => (chatId ? void stopChat(chatId) : undefined)} aria-label={t('composer.stop')} title={t('composer.stopHint')}>
              <Square size={14} fill="currentColor" aria-hidden />
            </button>
          ) : (
            <button type="button" className="chat-send" onClick={() => void send()} disabled={!canSend} aria-label={t('composer.send')} title={t('composer.sendHint')}>
              <ArrowUp size={18} aria-hidden />
            </button>
          )}
        </div>
      </div>
      <AttachDialog open={attachOpen} onOpenChange={setAttachOpen} onPick={(r) => setAttachments((list) => (list.some((x) => x.serverId === r.serverId && x.uri === r.uri) ? list : [...list, r]))} />
      <PromptArgsDialog key={promptForArgs ? `${promptForArgs.serverId}/${promptForArgs.name}` : 'none'} prompt={promptForArgs} onClose={() => setPromptForArgs(undefined)} onSubmit={(args) => (promptForArgs ? applyPrompt(promptForArgs, args) : Promise.resolve(undefined))} />
    </div>
  );
});
