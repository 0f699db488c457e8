/** A tool's inputs, fetched from the host when the user opens them (the tool list carries no schemas). */
import { useId, useState } from 'react';
import type { ToolSummary } from '../../../../shared/servers.ts';
import { useStore } from '../../store/index.ts';
import { RowText } from './tools/RowText.tsx';
import { useToolRowText } from './tools/toolRowText.ts';
import { errorMessage } from '../common/errorText.ts';

interface Input {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

type State = { kind: 'closed' } | { kind: 'loading' } | { kind: 'shown'; inputs: Input[] } | { kind: 'failed'; message: string };

/** The top-level properties of an input schema, in the server's order. */
function inputsOf(schema: Record<string, unknown>): Input[] {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return [];
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  return Object.entries(properties as Record<string, unknown>).map(([name, value]) => {
    const property = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    const type = Array.isArray(property.type) ? property.type.join(' | ') : typeof property.type === 'string' ? property.type : '';
    return { name, type, required: required.includes(name), ...(typeof property.description === 'string' ? { description: property.description } : {}) };
  });
}

/** "Show inputs": loads the schema once per opening and lists each input with its type and description. */
export function ToolInputs({ tool }: { tool: ToolSummary }) {
  const text = useToolRowText();
  const { t } = text;
  const [state, setState] = useState<State>({ kind: 'closed' });
  const id = useId();
  const open = state.kind !== 'closed';
  const toggle = () => {
    if (open) {
      setState({ kind: 'closed' });
      return;
    }
    setState({ kind: 'loading' });
    // Read from the store when opened: a subscription per row would re-run on every store update.
    void useStore.getState().loadToolSchema(tool.serverId, tool.toolName).then((r) =>
      setState((current) => (current.kind === 'loading' ? (r.ok ? { kind: 'shown', inputs: inputsOf(r.value.inputSchema) } : { kind: 'failed', message: errorMessage(t, r.error) }) : current)),
    );
  };
  return (
    <div className="sv-tool-inputs">
      <button type="button" className="sv-tool-desc-toggle" aria-expanded={open} aria-controls={id} onClick={toggle}>
        {open ? text.hideInputs : text.showInputs}
      </button>
      {open ? (
        <div id={id} data-testid="tool-inputs">
          {state.kind === 'loading' ? <p className="muted">{t('tools.inputsLoading')}</p> : null}
          {state.kind === 'failed' ? <p role="alert">{t('tools.inputsFailed', { message: state.message })}</p> : null}
          {state.kind === 'shown' && state.inputs.length === 0 ? <p className="muted">{t('tools.noInputs')}</p> : null}
          {state.kind === 'shown' && state.inputs.length > 0 ? (
            <ul className="sv-tool-input-list">
              {state.inputs.map((input) => (
                <li key={input.name}>
                  <code>
                    <RowText text={input.name} />
                  </code>
                  {input.type ? <span className="muted"> {input.type}</span> : null}
                  {input.required ? <span className="chip">{t('tools.required')}</span> : null}
                  {input.description ? (
                    <span className="muted">
                      {' — '}
                      <RowText text={input.description} />
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
