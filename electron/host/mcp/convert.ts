/** Converts SDK result shapes into the contract's shapes, keeping what the server sent (schemas, annotations, content). */
import type { ContentBlock, GetPromptResult, Prompt, ReadResourceResult, Resource, ResourceTemplateType, ServerCapabilities, Tool } from '@modelcontextprotocol/client';
import type { CapabilitySummary, McpContent, PromptInfo, PromptMessages, ResourceContents, ResourceInfo, ResourceTemplateInfo, ToolAnnotations } from '../../../shared/servers.ts';
import type { ServerTool } from './types.ts';
import { firstDataIcon } from './icons/iconFetch.ts';
import { toolUiOf } from '../../../shared/apps.ts';

/** A tool as the server listed it: name, title, description, schemas and annotations untouched. */
export function toServerTool(tool: Tool): ServerTool {
  const annotations = toAnnotations(tool.annotations);
  // Only data: icons for tools: a list of many tools must not start many fetches (https server icons are fetched).
  const icon = firstDataIcon(tool.icons);
  const ui = toolUiOf(tool._meta);
  return {
    name: tool.name,
    ...(tool.title !== undefined ? { title: tool.title } : {}),
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    inputSchema: { ...tool.inputSchema },
    ...(tool.outputSchema !== undefined ? { outputSchema: { ...tool.outputSchema } } : {}),
    ...(annotations ? { annotations } : {}),
    ...(icon ? { icon } : {}),
    ...(ui ? { ui } : {}),
  };
}

function toAnnotations(annotations: Tool['annotations']): ToolAnnotations | undefined {
  if (!annotations) return undefined;
  const out: ToolAnnotations = {};
  if (typeof annotations.title === 'string') out.title = annotations.title;
  if (typeof annotations.readOnlyHint === 'boolean') out.readOnlyHint = annotations.readOnlyHint;
  if (typeof annotations.destructiveHint === 'boolean') out.destructiveHint = annotations.destructiveHint;
  if (typeof annotations.idempotentHint === 'boolean') out.idempotentHint = annotations.idempotentHint;
  if (typeof annotations.openWorldHint === 'boolean') out.openWorldHint = annotations.openWorldHint;
  return out;
}

/** A prompt as listed. */
export function toPromptInfo(serverId: string, prompt: Prompt): PromptInfo {
  return {
    serverId,
    name: prompt.name,
    ...(prompt.title !== undefined ? { title: prompt.title } : {}),
    ...(prompt.description !== undefined ? { description: prompt.description } : {}),
    arguments: (prompt.arguments ?? []).map((arg) => ({
      name: arg.name,
      ...(arg.description !== undefined ? { description: arg.description } : {}),
      ...(arg.required !== undefined ? { required: arg.required } : {}),
    })),
  };
}

/** A resource as listed. */
export function toResourceInfo(serverId: string, resource: Resource): ResourceInfo {
  return {
    serverId,
    uri: resource.uri,
    name: resource.name,
    ...(resource.title !== undefined ? { title: resource.title } : {}),
    ...(resource.description !== undefined ? { description: resource.description } : {}),
    ...(resource.mimeType !== undefined ? { mimeType: resource.mimeType } : {}),
    ...(resource.size !== undefined ? { size: resource.size } : {}),
  };
}

/** A resource template as listed. */
export function toResourceTemplateInfo(serverId: string, template: ResourceTemplateType): ResourceTemplateInfo {
  return {
    serverId,
    uriTemplate: template.uriTemplate,
    name: template.name,
    ...(template.title !== undefined ? { title: template.title } : {}),
    ...(template.description !== undefined ? { description: template.description } : {}),
    ...(template.mimeType !== undefined ? { mimeType: template.mimeType } : {}),
  };
}

/** One content block as sent; a kind the contract does not know becomes a text note rather than vanishing. */
export function toContent(block: ContentBlock): McpContent {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', data: block.data, mimeType: block.mimeType };
    case 'audio':
      return { type: 'audio', data: block.data, mimeType: block.mimeType };
    case 'resource_link':
      return {
        type: 'resource_link',
        uri: block.uri,
        name: block.name,
        ...(block.title !== undefined ? { title: block.title } : {}),
        ...(block.description !== undefined ? { description: block.description } : {}),
        ...(block.mimeType !== undefined ? { mimeType: block.mimeType } : {}),
      };
    case 'resource': {
      const resource = block.resource;
      return {
        type: 'resource',
        resource: {
          uri: resource.uri,
          ...(resource.mimeType !== undefined ? { mimeType: resource.mimeType } : {}),
          ...('text' in resource && typeof resource.text === 'string' ? { text: resource.text } : {}),
          ...('blob' in resource && typeof resource.blob === 'string' ? { blob: resource.blob } : {}),
        },
      };
    }
    default:
      return { type: 'text', text: `[content of an unsupported kind: ${String((block as { type?: unknown }).type)}]` };
  }
}

/** What resources/read returned. */
export function toResourceContents(result: ReadResourceResult): ResourceContents[] {
  return result.contents.map((item) => ({
    uri: item.uri,
    ...(item.mimeType !== undefined ? { mimeType: item.mimeType } : {}),
    ...('text' in item && typeof item.text === 'string' ? { text: item.text } : {}),
    ...('blob' in item && typeof item.blob === 'string' ? { blob: item.blob } : {}),
    ...(item._meta ? { meta: { ...item._meta } } : {}),
  }));
}

/** A rendered prompt. */
export function toPromptMessages(result: GetPromptResult): PromptMessages {
  return {
    ...(result.description !== undefined ? { description: result.description } : {}),
    messages: result.messages.map((message) => ({ role: message.role, content: toContent(message.content) })),
  };
}

/** What a server offers, from its declared capabilities. */
export function toCapabilitySummary(caps: ServerCapabilities | undefined): CapabilitySummary {
  return {
    tools: caps?.tools !== undefined,
    resources: caps?.resources !== undefined,
    prompts: caps?.prompts !== undefined,
    logging: caps?.logging !== undefined,
    completions: caps?.completions !== undefined,
    listChanged: {
      tools: caps?.tools?.listChanged === true,
      resources: caps?.resources?.listChanged === true,
      prompts: caps?.prompts?.listChanged === true,
    },
    subscribe: caps?.resources?.subscribe === true,
  };
}
