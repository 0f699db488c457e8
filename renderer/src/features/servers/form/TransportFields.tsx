/** The transport-specific parts of the server form: command/args/env/folder, or URL/headers; plus timeouts. */
import { Scissors } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ArgsEditor } from './ArgsEditor.tsx';
import { FormField } from './FormField.tsx';
import { PairsEditor } from './PairsEditor.tsx';
import { splitCommandLine } from './serverForm.ts';
import type { ServerFormModel } from './useServerForm.ts';

/** Props shared by the field groups. */
export interface FieldsProps {
  form: ServerFormModel;
  /** The visible, translated error of a field path. */
  message: (field: string) => string | undefined;
}

function rowErrors(prefix: string, message: (field: string) => string | undefined, count: number, withKeys: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    for (const field of withKeys ? [`${prefix}.${i}.key`, `${prefix}.${i}.value`] : [`${prefix}.${i}`]) {
      const text = message(field);
      if (text) out[field] = text;
    }
  }
  return out;
}

/** Command, arguments, environment, working folder. */
export function StdioFields({ form, message }: FieldsProps) {
  const { t } = useTranslation('servers');
  const { state, update, touch } = form;
  const words = /\s/.test(state.command.trim()) ? splitCommandLine(state.command.trim()) : undefined;
  const canSplit = words !== undefined && words.length > 1;
  return (
    <>
      <FormField id="server-command" label={t('form.command')} hint={t('form.commandHint')} error={message('command')}>
        {(a11y) => (
          <input
            {...a11y}
            className="input mono"
            value={state.command}
            placeholder="npx"
            spellCheck={false}
            onChange={(e) => update({ command: e.target.value })}
            onBlur={() => touch('command')}
          />
        )}
      </FormField>
      {canSplit ? (
        <div className="callout callout-info sv-split">
          <Scissors aria-hidden />
          <span className="spacer">{t('form.splitHint')}</span>
          <button type="button" className="btn btn-sm" onClick={() => update({ command: words[0] ?? '', args: [...words.slice(1), ...state.args] })}>
            {t('form.split')}
          </button>
        </div>
      ) : null}
      <div className="field">
        <span className="field-label">{t('form.args')}</span>
        <ArgsEditor args={state.args} onChange={(args) => update({ args })} errors={rowErrors('args', message, state.args.length, false)} />
        <p className="field-hint">{t('form.argsHint')}</p>
      </div>
      <div className="field">
        <span className="field-label">{t('form.env')}</span>
        <PairsEditor field="env" pairs={state.env} onChange={(env) => update({ env })} onBlurRow={(i) => touch(`env.${i}`)} errors={rowErrors('env', message, state.env.length, true)} />
        <p className="field-hint">{t('form.envHint')}</p>
      </div>
      <FormField id="server-cwd" label={t('form.cwd')} hint={t('form.cwdHint')} error={message('cwd')}>
        {(a11y) => (
          <input {...a11y} className="input mono" value={state.cwd} placeholder="/home/me/project" spellCheck={false} onChange={(e) => update({ cwd: e.target.value })} onBlur={() => touch('cwd')} />
        )}
      </FormField>
    </>
  );
}

/** URL and headers of a remote server. */
export function HttpFields({ form, message }: FieldsProps) {
  const { t } = useTranslation('servers');
  const { state, update, touch } = form;
  return (
    <>
      <FormField id="server-url" label={t('form.url')} hint={state.httpType === 'sse' ? t('form.sseHint') : t('form.urlHint')} error={message('url')}>
        {(a11y) => (
          <input
            {...a11y}
            className="input mono"
            type="url"
            value={state.url}
            placeholder="https://example.com/mcp"
            spellCheck={false}
            onChange={(e) => update({ url: e.target.value })}
            onBlur={() => touch('url')}
          />
        )}
      </FormField>
      <div className="field">
        <span className="field-label">{t('form.headers')}</span>
        <PairsEditor field="headers" pairs={state.headers} onChange={(headers) => update({ headers })} onBlurRow={(i) => touch(`headers.${i}`)} errors={rowErrors('headers', message, state.headers.length, true)} />
        <p className="field-hint">{t('form.headersHint')}</p>
      </div>
    </>
  );
}

/** Timeouts, folded away: most people never change them. */
export function AdvancedFields({ form, message }: FieldsProps) {
  const { t } = useTranslation('servers');
  const { state, update, touch } = form;
  const open = Boolean(message('connectTimeout') ?? message('toolTimeout')) || state.connectTimeout !== '' || state.toolTimeout !== '';
  return (
    <details className="sv-advanced" open={open}>
      <summary>{t('form.advanced')}</summary>
      <div className="sv-advanced-grid">
        <FormField id="server-connect-timeout" label={t('form.connectTimeout')} hint={t('form.connectTimeoutHint')} error={message('connectTimeout')}>
          {(a11y) => (
            <input {...a11y} className="input" inputMode="decimal" value={state.connectTimeout} placeholder="30" onChange={(e) => update({ connectTimeout: e.target.value })} onBlur={() => touch('connectTimeout')} />
          )}
        </FormField>
        <FormField id="server-tool-timeout" label={t('form.toolTimeout')} hint={t('form.toolTimeoutHint')} error={message('toolTimeout')}>
          {(a11y) => (
            <input {...a11y} className="input" inputMode="decimal" value={state.toolTimeout} placeholder="600" onChange={(e) => update({ toolTimeout: e.target.value })} onBlur={() => touch('toolTimeout')} />
          )}
        </FormField>
      </div>
    </details>
  );
}
