/** The "/" prompt list above the composer, and the dialog asking a prompt's arguments. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageSquareText } from 'lucide-react';
import type { PromptInfo } from '../../../../../shared/servers.ts';
import { Dialog } from '../../common/Dialog.tsx';
import { VisibleText } from '../../common/VisibleText.tsx';
import type { PromptPickerState } from './usePromptPicker.ts';
import { CompletableInput } from './completions/CompletableInput.tsx';
import { errorMessage } from '../../common/errorText.ts';

/** The list; clicking or Enter (handled by the composer) picks the highlighted prompt. */
export function PromptList({ picker, onPick }: { picker: PromptPickerState; onPick: (prompt: PromptInfo) => void }) {
  const { t } = useTranslation('chat');
  if (!picker.open) return null;
  return (
    <div className="chat-prompt-list" role="listbox" id="chat-prompt-list" aria-label={t('prompts.title')}>
      <div className="chat-menu-label">{t('prompts.title')}</div>
      {picker.loading && <div className="chat-prompt-empty">{t('prompts.loading')}</div>}
      {picker.error && <div className="chat-prompt-empty field-error">{errorMessage(t, picker.error)}</div>}
      {!picker.loading && !picker.error && picker.items.length === 0 && <div className="chat-prompt-empty">{t('prompts.none')}</div>}
      {picker.items.map((prompt, i) => (
        <div
          key={`${prompt.serverId}/${prompt.name}`}
          role="option"
          id={`chat-prompt-${i}`}
          aria-selected={i === picker.highlight}
          className={`chat-prompt-item${i === picker.highlight ? ' is-active' : ''}`}
          onMouseEnter={() => picker.setHighlight(i)}
          onMouseDown={(e) => {
            e.preventDefault(); // Keep the composer focused.
            onPick(prompt);
          }}
        >
          <MessageSquareText size={15} aria-hidden />
          <span className="chat-prompt-main">
            <span className="chat-prompt-name">
              <VisibleText text={prompt.title ?? prompt.name} />
              <span className="chat-prompt-server">
                <VisibleText text={prompt.serverId} />
              </span>
            </span>
            {prompt.description && (
              <span className="chat-prompt-desc">
                <VisibleText text={prompt.description} multiline />
              </span>
            )}
          </span>
          {prompt.arguments.length > 0 && <span className="chip">{t('prompts.args', { count: prompt.arguments.length })}</span>}
        </div>
      ))}
    </div>
  );
}

/** Asks the prompt's arguments (required ones must be filled); `onSubmit` renders the prompt. */
export function PromptArgsDialog({ prompt, onClose, onSubmit }: { prompt: PromptInfo | undefined; onClose: () => void; onSubmit: (args: Record<string, string>) => Promise<string | undefined> }) {
  const { t } = useTranslation('chat');
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!prompt) return null;
  const missing = prompt.arguments.filter((a) => a.required && !(values[a.name] ?? '').trim());
  const submit = async (): Promise<void> => {
    if (missing.length > 0) return;
    setBusy(true);
    const problem = await onSubmit(Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')));
    setBusy(false);
    if (problem) setError(problem);
    else setValues({});
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={prompt.title ?? prompt.name}
      description={prompt.description ?? t('prompts.argsDescription', { server: prompt.serverId })}
      testId="prompt-args-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" form="chat-prompt-args" className="btn btn-primary" disabled={busy || missing.length > 0}>
            {t('prompts.insert')}
          </button>
        </>
      }
    >
      <form
        id="chat-prompt-args"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {prompt.arguments.map((arg, i) => (
          <label key={arg.name} className="field">
            <span className="field-label">
              {arg.name}
              {arg.required && <span className="chat-required"> *</span>}
            </span>
            <CompletableInput
              serverId={prompt.serverId}
              completionRef={{ type: 'ref/prompt', name: prompt.name }}
              name={arg.name}
              autoFocus={i === 0}
              value={values[arg.name] ?? ''}
              context={values}
              onChange={(value) => setValues((v) => ({ ...v, [arg.name]: value }))}
            />
            {arg.description && <span className="field-hint">{arg.description}</span>}
          </label>
        ))}
        {error && <p className="field-error">{error}</p>}
      </form>
    </Dialog>
  );
}
