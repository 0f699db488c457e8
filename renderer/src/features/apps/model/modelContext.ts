/** What an app's ui/update-model-context becomes for the host: its text blocks and structured content as one text. */
import type { McpUiUpdateModelContextRequest } from '@modelcontextprotocol/ext-apps/app-bridge';

/** The most an app may share at once (characters); the host refuses more too. */
export const modelContextMaxChars = 8192;

/** The text to share (empty clears the app's context), or why it is refused. */
export function modelContextText(params: McpUiUpdateModelContextRequest['params']): { ok: true; text: string } | { ok: false; message: string } {
  const texts = (params.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : []));
  // Compact JSON: the model reads it as well as indented JSON, for fewer tokens.
  if (params.structuredContent !== undefined) texts.push(JSON.stringify(params.structuredContent));
  const text = texts.join('\n').trim();
  if (text.length > modelContextMaxChars) return { ok: false, message: `The context is ${text.length} characters; at most ${modelContextMaxChars} can be shared with the model.` };
  return { ok: true, text };
}
