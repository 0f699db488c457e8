/**
 * The chat loop, one run per chat: stream an assistant turn, run its tool calls, send the results back, repeat until
 * end_turn, a stop, an error or the max-turns limit. Everything is persisted as it happens; a stop keeps what arrived.
 */
import { randomUUID } from 'node:crypto';
import { hostError, type AppError } from '../../../shared/errors.ts';
import { hostMessage } from '../../../shared/hostMessages.ts';
import type { ChatMessage, ChatRunState, ChatStreamEvent, TurnNotice } from '../../../shared/chat.ts';
import type { Settings } from '../../../shared/settings.ts';
import type { Logger } from '../environment.ts';
import type { ElicitationBroker, ToolCaller } from '../ports.ts';
import type { ChatRepository } from '../store/chatRepository.ts';
import type { ToolUsage } from '../store/toolUsage.ts';
import { defersTools, type ToolKey } from './toolSearch/deferralPolicy.ts';
import type { AnthropicProvider } from './provider.ts';
import type { ApprovalQueue } from './approvals.ts';
import type { ContextManager, Prepared } from './context/contextManager.ts';
import { compactionBeta } from './context/apiEdits.ts';
import { isCompactionRefusal } from './context/compaction/compactionRefusal.ts';
import { streamTurn, type TurnOutcome } from './turnStream.ts';
import { MessageSaver } from './messageSaver.ts';
import { streamSnapshot } from './streamSnapshot.ts';
import { runToolCalls, runnableCalls } from './toolRunner.ts';
import { runHostSearches } from './toolSearch/hostSearch.ts';
import { isToolReferenceRefusal } from './toolSearch/referenceRefusal.ts';
import { scopedTools } from './toolSearch/scope.ts';
import type { ToolResultFiles } from './toolResultFiles.ts';
import { withServerInstructions, type ServerInstructions } from './instructions/serverInstructions.ts';

type ReadyRequest = Extract<Prepared, { kind: 'ready' }>;

/** What the runner needs from the module around it. */
export interface RunnerDeps {
  repo: ChatRepository;
  settings: () => Settings;
  provider: AnthropicProvider;
  tools: ToolCaller;
  /** Where results over the tool result limit are kept whole. */
  toolResults: ToolResultFiles;
  approvals: ApprovalQueue;
  elicitations: ElicitationBroker;
  /** Sends an event as given: the runner passes copies (streamSnapshot.ts), one per event. */
  emit: (event: ChatStreamEvent) => void;
  /** The chat list changed (updated time, counts). */
  chatsChanged: () => void;
  /** A run ended: the search documents it left waiting are written soon (store/search/pendingIndexTimer.ts). */
  indexSearchSoon: () => void;
  logger: Logger;
  /** Reads the newest part of a chat and keeps each request inside the model's window (context/). */
  context: ContextManager;
  /** Instructions of the enabled, ready servers, for the system prompt. */
  serverInstructions?: () => ServerInstructions[];
  /** The user's most used tools across chats (store/toolUsage.ts): kept loaded over the tool budget. */
  toolUsage?: Pick<ToolUsage, 'topOrNone' | 'invalidate'>;
}

interface Session {
  controller: AbortController;
  done: Promise<void>;
  /** Tool calls ran: the usage counts change when the run ends. */
  ranTools?: boolean;
}

// No ranking, one array for every run under the budget: the prefix cache compares it by identity.
const noRanking: readonly ToolKey[] = Object.freeze([]);

// How long a stop waits for tool calls to acknowledge cancellation before returning anyway.
const stopGraceMs = 5_000;

/** Marks unfinished tool calls of a message as cancelled (the run ended before they could finish). */
export function cancelOpenCalls(message: ChatMessage, error?: AppError): void {
  for (const block of message.blocks) {
    if (block.type !== 'tool_call') continue;
    if (block.status === 'streaming_input' || block.status === 'awaiting_approval' || block.status === 'running') {
      block.status = 'cancelled';
      if (error) block.error = error;
    }
  }
}

/** Runs and stops chat loops; at most one run per chat. */
export class ChatRunner {
  private readonly deps: RunnerDeps;
  private readonly sessions = new Map<string, Session>();
  // Saves asked for in one burst (a block's end, the turn's end, a call starting) are one SQLite commit (messageSaver.ts).
  private readonly saver: MessageSaver<ChatStreamEvent>;

  constructor(deps: RunnerDeps) {
    // Each event is copied once, when shown (the loop keeps mutating the message and blocks it refers to): a held
    // event is sent as the copy taken then, not copied a second time on its way out.
    this.saver = new MessageSaver(deps.repo, (cause) => deps.logger.error('chat history write failed', { reason: String(cause) }), deps.emit, streamSnapshot);
    // Nothing is shown before what it follows is saved: a crash never loses a block the window already showed as
    // finished. An event waits for the burst's one commit instead of forcing a commit of its own (messageSaver.ts).
    this.deps = { ...deps, emit: (event) => this.saver.show(event) };
  }

  /** True while a chat is generating. */
  isGenerating(chatId: string): boolean {
    return this.sessions.has(chatId);
  }

  /** The run state: live while generating, else derived from the last message in history. */
  state(chatId: string): ChatRunState {
    if (this.sessions.has(chatId)) return { chatId, generating: true };
    this.saver.flush();
    const last = this.deps.repo.pageMessages(chatId, 1).messages[0];
    const state: ChatRunState = { chatId, generating: false };
    if (last?.role === 'assistant' && last.error) state.error = last.error;
    if (last?.role === 'assistant' && last.notice) state.notice = last.notice;
    return state;
  }

  /**
   * Starts a run; `history` is an empty array the run fills with the newest messages it reads. `after` names a message
   * just written that has no answer yet (a send): the first answer hangs under it. Returns at once with the id of the
   * first answer message.
   */
  start(chatId: string, history: ChatMessage[], model: string, after?: string): string {
    const firstId = randomUUID();
    const controller = new AbortController();
    const session: Session = { controller, done: Promise.resolve() };
    this.sessions.set(chatId, session);
    this.emitState({ chatId, generating: true });
    const log = (what: string) => (cause: unknown) => this.deps.logger.error(what, { chatId, reason: String(cause) });
    session.done = this.run(chatId, history, model, controller.signal, firstId, after)
      .catch((cause: unknown) => {
        log('chat run failed')(cause);
        this.failOpenAnswer(history, cause);
      })
      .then(() => {
        this.sessions.delete(chatId);
        this.emitState(this.endState(chatId, history));
        // After endState's flush: the run's calls are committed before the counts are read again.
        if (session.ranTools) this.deps.toolUsage?.invalidate();
        this.deps.chatsChanged();
        this.deps.indexSearchSoon();
      })
      // Reached only if the database closed under a run that outlived the stop grace period (shutdown).
      .catch(log('chat run could not report its end'));
    return firstId;
  }

  /** Stops a chat: aborts the stream and tool calls, cancels its approvals and elicitations; resolves once saved. */
  async stop(chatId: string): Promise<void> {
    const session = this.sessions.get(chatId);
    this.deps.approvals.cancelAll(chatId);
    this.deps.elicitations.cancelAll(chatId);
    if (!session) return;
    session.controller.abort();
    await Promise.race([session.done, new Promise((resolve) => setTimeout(resolve, stopGraceMs).unref())]);
  }

  /** Stops every chat (shutdown). */
  async stopAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((chatId) => this.stop(chatId)));
  }

  /** A run that threw (a key store or database failure) must not leave its answer streaming forever: it ends in an error. */
  private failOpenAnswer(history: ChatMessage[], cause: unknown): void {
    const message = history.at(-1);
    if (message?.role !== 'assistant' || message.status !== 'streaming') return;
    cancelOpenCalls(message);
    message.status = 'error';
    message.error = hostError('internal', hostMessage('chat.unexpected', { reason: cause instanceof Error ? cause.message : String(cause) }));
    try {
      this.saver.now(message);
    } catch (saveCause) {
      this.deps.logger.error('chat run could not save its failure', { chatId: message.chatId, reason: String(saveCause) });
    }
    this.deps.emit({ type: 'message', chatId: message.chatId, message });
  }

  // How a run ended, from the last message it holds (read back only when it holds none: its history could not be read).
  private endState(chatId: string, history: ChatMessage[]): ChatRunState {
    this.saver.flush();
    // The update time its turn ends left out, when its last save did not write it (a run stopped between turns).
    try {
      this.deps.repo.touchChat(chatId);
    } catch (cause) {
      this.deps.logger.error('chat update time not written', { chatId, reason: String(cause) });
    }
    const last = history.at(-1);
    if (!last) return this.state(chatId);
    const state: ChatRunState = { chatId, generating: false };
    if (last.role === 'assistant' && last.error) state.error = last.error;
    if (last.role === 'assistant' && last.notice) state.notice = last.notice;
    return state;
  }

  // The usage ranking; none when the counts cannot be read (the run goes on with the other tools kept loaded).
  private mostUsed(chatId: string): readonly ToolKey[] {
    return this.deps.toolUsage?.topOrNone((cause) => this.deps.logger.warn('tool usage counts not read', { chatId, reason: String(cause) })) ?? [];
  }

  private emitState(state: ChatRunState): void {
    this.deps.emit({ type: 'run_state', chatId: state.chatId, state });
  }

  private finish(message: ChatMessage, status: ChatMessage['status'], extra: { error?: AppError; notice?: TurnNotice } = {}): void {
    message.status = status;
    if (extra.error) message.error = extra.error;
    if (extra.notice) message.notice = extra.notice;
    this.saver.now(message);
    this.deps.emit({ type: 'message', chatId: message.chatId, message });
  }

  // A turn that the run continues ends at the end of this burst: the next request is built and sent first, and this
  // save, the next answer's insert and their events follow while it is in flight (an API request changes nothing).
  private finishSoon(message: ChatMessage, notice?: TurnNotice): void {
    message.status = 'complete';
    if (notice) message.notice = notice;
    this.saver.soon(message);
    this.deps.emit({ type: 'message', chatId: message.chatId, message });
  }

  private async run(chatId: string, history: ChatMessage[], model: string, signal: AbortSignal, firstId: string, after?: string): Promise<void> {
    const { deps } = this;
    const settings = deps.settings();
    // The chat's tool scope, asked at each use: the user may change it while the chat runs (the store keeps it in memory).
    const tools = scopedTools(deps.tools, () => deps.repo.toolScope(chatId) ?? deps.settings().defaultToolScope);
    // Only the newest part of the history is read, page by page, into `history` (context/historyTail.ts).
    const runWindow = await deps.context.load(chatId, settings, model, history);
    // Read once: the tools kept loaded (and the cached prefix) stay the same for the whole run. Only a run whose tools
    // are over the budget uses the ranking, so a run under it (most) never queries the counts before its first request.
    const mostUsed = defersTools(tools.listTools(), settings, model) ? this.mostUsed(chatId) : noRanking;
    for (let turn = 0; ; turn++) {
      const previous = history.at(-1);
      if (turn >= settings.maxTurns) {
        if (previous?.role === 'assistant') this.finish(previous, previous.status, { notice: 'max_turns' });
        return;
      }
      const now = Date.now();
      const message: ChatMessage = { id: turn === 0 ? firstId : randomUUID(), chatId, role: 'assistant', blocks: [], status: 'streaming', createdAt: now, updatedAt: now, model };
      // Ready servers' instructions join the system prompt each turn (instructions/serverInstructions.ts).
      const prepareTurn = () => deps.context.prepare(runWindow, { tools: tools.listTools(), settings: withServerInstructions(settings, deps.serverInstructions?.() ?? []), model, signal, mostUsed });
      const prepared = await prepareTurn();
      if (prepared.kind === 'stopped') return;
      // A later answer of this run hangs under the one before it, the first under the message just sent; neither has
      // other versions. It is inserted at the end of this burst (with the previous turn's end), after the request
      // below has gone out; its events wait for that commit.
      const parentId = turn > 0 && previous?.role === 'assistant' ? previous.id : turn === 0 && after !== undefined && previous?.id === after ? after : undefined;
      if (parentId !== undefined) {
        message.parentId = parentId;
        this.saver.insertSoon(message, parentId);
      } else {
        this.saver.flush();
        deps.repo.insertMessage(message);
      }
      history.push(message);
      deps.emit({ type: 'message', chatId, message });
      if (prepared.kind === 'error') return this.finish(message, 'error', { error: prepared.error });

      const ask = async (ready: ReadyRequest): Promise<TurnOutcome> => {
        const client = await deps.provider.client(settings.apiBaseUrl, ready.betas);
        if (!client.ok) return { kind: 'error', error: client.error };
        return streamTurn({
          client: client.value,
          request: ready.request,
          signal,
          message,
          context: { model, baseUrl: settings.apiBaseUrl },
          sink: { emit: deps.emit, persist: (m) => this.saver.soon(m), lookupTool: (name) => deps.tools.getTool(name) },
        });
      };
      // Asks once more after the host forgot what the API refused (the request is prepared again without it).
      const askWithout = async (forgo: () => void): Promise<TurnOutcome> => {
        forgo();
        const again = await prepareTurn();
        if (again.kind === 'stopped') return { kind: 'stopped' };
        return again.kind === 'ready' ? ask(again) : { kind: 'error', error: again.error };
      };
      let outcome = await ask(prepared);
      const refused = (what: (error: AppError) => boolean) => outcome.kind === 'error' && message.blocks.length === 0 && what(outcome.error);
      // The API refused compaction for a model the table says has it: forgo it for that model and ask once more.
      if (prepared.betas.includes(compactionBeta) && refused(isCompactionRefusal)) outcome = await askWithout(() => deps.context.forgoCompaction(model));
      // A gateway refused the host search's deferred tools or references: name the found tools instead (referenceRefusal.ts).
      if (prepared.hostReferences && refused(isToolReferenceRefusal)) outcome = await askWithout(() => deps.context.forgoToolReferences(settings.apiBaseUrl));
      if (outcome.kind === 'stopped') {
        cancelOpenCalls(message);
        return this.finish(message, 'stopped');
      }
      if (outcome.kind === 'error') {
        cancelOpenCalls(message);
        return this.finish(message, 'error', { error: outcome.error });
      }
      message.stopReason = outcome.stopReason;
      // Host tool searches run at once (no approval: they only read the tool list); what they find loads next turn.
      const searched = runHostSearches(message, () => tools.listTools());
      for (const search of searched) deps.emit({ type: 'block', chatId, messageId: message.id, index: message.blocks.indexOf(search), block: search });
      if (outcome.stopReason === 'tool_use' && (runnableCalls(message).length > 0 || searched.length > 0)) {
        this.saver.soon(message);
        const session = this.sessions.get(chatId);
        if (session) session.ranTools = true;
        await runToolCalls(message, {
          tools,
          approvals: deps.approvals,
          signal,
          emitBlock: (call) => deps.emit({ type: 'block', chatId, messageId: message.id, index: message.blocks.indexOf(call), block: call }),
          persist: () => this.saver.soon(message),
          flush: () => this.saver.flush(),
          limitResult: (call, result) => deps.toolResults.limit(chatId, call.id, result, deps.settings().toolResultLimit),
        });
        if (signal.aborted) {
          cancelOpenCalls(message);
          return this.finish(message, 'stopped');
        }
        this.finishSoon(message);
        continue;
      }
      if (outcome.stopReason === 'pause_turn') {
        this.finishSoon(message, 'pause_turn');
        continue;
      }
      // The answer ended (or was cut) with tool calls it never asked to run: they stay visible, marked not run.
      cancelOpenCalls(message, hostError('cancelled', hostMessage('chat.notRun')));
      const notice: TurnNotice | undefined = outcome.stopReason === 'max_tokens' ? 'max_tokens' : outcome.stopReason === 'refusal' ? 'refusal' : undefined;
      return this.finish(message, 'complete', notice ? { notice } : {});
    }
  }
}
