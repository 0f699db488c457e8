/** State of the "/" prompt picker: opens when the composer holds only "/query", lists every server's prompts. */
import { useEffect, useMemo, useState } from 'react';
import type { PromptInfo, PromptMessages } from '../../../../../shared/servers.ts';
import { call } from '../../../bridge/index.ts';
import type { ErrorLike } from '../../common/errorText.ts';

/** What the composer needs from the picker. */
export interface PromptPickerState {
  open: boolean;
  items: PromptInfo[];
  highlight: number;
  loading: boolean;
  /** The host's refusal of the prompt list, as data (translated where it is shown). */
  error?: ErrorLike;
  move(delta: number): void;
  setHighlight(index: number): void;
  close(): void;
}

/** The query after "/", or undefined when the text is not a prompt command. */
export function slashQuery(text: string): string | undefined {
  const match = /^\/([^\s/]*)$/.exec(text);
  return match ? (match[1] ?? '') : undefined;
}

/** Drives the picker from the composer text. */
export function usePromptPicker(text: string): PromptPickerState {
  const query = slashQuery(text);
  const [prompts, setPrompts] = useState<PromptInfo[] | undefined>();
  const [error, setError] = useState<ErrorLike | undefined>();
  const [highlight, setHighlight] = useState(0);
  const [dismissed, setDismissed] = useState<string | undefined>();
  const active = query !== undefined && dismissed !== text;

  useEffect(() => {
    if (!active) return;
    let live = true;
    // Reload on every opening: servers come and go, and their prompt lists change.
    void call('prompts.list', {}).then((result) => {
      if (!live) return;
      if (result.ok) {
        setPrompts(result.value);
        setError(undefined);
      } else setError(result.error);
    });
    return () => {
      live = false;
    };
  }, [active]);

  const items = useMemo(() => {
    if (!prompts || query === undefined) return [];
    const q = query.toLowerCase();
    return prompts.filter((p) => !q || p.name.toLowerCase().includes(q) || p.title?.toLowerCase().includes(q) || p.serverId.toLowerCase().includes(q));
  }, [prompts, query]);

  useEffect(() => setHighlight(0), [query]);

  return {
    open: active,
    items,
    highlight: Math.min(highlight, Math.max(0, items.length - 1)),
    loading: active && prompts === undefined && !error,
    ...(error ? { error } : {}),
    move: (delta) => setHighlight((h) => (items.length === 0 ? 0 : (h + delta + items.length) % items.length)),
    setHighlight,
    close: () => setDismissed(text),
  };
}

/** The text a rendered prompt puts in the composer: its messages' text (and embedded text resources), in order. */
export function promptText(rendered: PromptMessages): string {
  const parts: string[] = [];
  for (const message of rendered.messages) {
    const content = message.content;
    if (content.type === 'text') parts.push(content.text);
    else if (content.type === 'resource' && content.resource.text !== undefined) parts.push(content.resource.text);
    else if (content.type === 'resource_link') parts.push(content.uri);
  }
  return parts.join('\n\n');
}
