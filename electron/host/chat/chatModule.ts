/** The chat module: placeholder until the chat engine lands. */
import type { HostEventHub } from '../events.ts';
import type { HostEnvironment } from '../environment.ts';
import type { ChatModule, ElicitationBroker, ToolCaller } from '../ports.ts';

/** Builds the chat module (provider, loop, history, approvals, settings). */
export function createChatModule(_deps: {
  env: HostEnvironment;
  events: HostEventHub;
  tools: ToolCaller;
  elicitations: ElicitationBroker;
}): Promise<ChatModule> {
  throw new Error('not implemented');
}
