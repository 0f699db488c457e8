/**
 * Keeps every request inside the model's context window. Per turn: estimate each message (cached), clear the oldest
 * tool results first, and when that is not enough summarize older turns into the chat's stored summary (one real
 * request, reused by later sends until the chat outgrows it again). Near the limit the API's count_tokens checks the
 * estimate. What was done is reported as ContextUsage, so the chat shows it: nothing is left out silently.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { randomUUID } from 'node:crypto';
import { appError, hostError, type AppError } from '../../../../shared/errors.ts';
import { hostMessage } from '../../../../shared/hostMessages.ts';
import type { ChatMessage, ContextUsage } from '../../../../shared/chat.ts';
import type { ExposedTool } from '../../../../shared/servers.ts';
import type { Settings } from '../../../../shared/settings.ts';
import type { Logger } from '../../environment.ts';
import type { ChatRepository } from '../../store/chatRepository.ts';
import type { SummaryStore } from '../../store/historyWindow.ts';
import type { AnthropicProvider } from '../provider.ts';
import { buildRequest } from '../requestBuilder.ts';
import { searchMode, type ToolKey } from '../toolSearch/deferralPolicy.ts';
import { ReferenceRefusals } from '../toolSearch/referenceRefusal.ts';
import type { AttachmentReader } from '../attachments/toApiBlocks.ts';
import { apiContextManagement, compactionBeta, contextManagementBeta, usesApiContextManagement } from './apiEdits.ts';
import { adoptCompaction, compactionAsText, leadingCompaction, withoutCompactionBlocks } from './compaction/compactionWindow.ts';
import { estimateRequestTokens, prefixTokens, textTokens } from './estimate.ts';
import { loadTail, type RunWindow } from './historyTail.ts';
import { messageCost } from './messageCost.ts';
import { PrefixCache } from './prefixCache.ts';
import { contextWindowOf, supportsCompaction } from './modelWindows.ts';
import { CompactionRefusals } from './compaction/compactionRefusal.ts';
import { summarize, summaryPreamble } from './summarizer.ts';
import { TokenCounter } from './tokenCounter.ts';
import { chooseCut, planWindow, withClearedResults } from './trimPolicy.ts';

/** What one request is built from; `mostUsed` is the user's tool ranking, the same array for every turn of a run. */
export interface PrepareOptions {
  tools: ExposedTool[];
  settings: Settings;
  model: string;
  signal: AbortSignal;
  mostUsed?: readonly ToolKey[];
}

/** The request to send, the headers' betas it needs, and what the chat is told. */
export type Prepared =
  | { kind: 'ready'; request: Anthropic.MessageCreateParamsStreaming; betas: string[]; usage: ContextUsage; hostReferences: boolean }
  | { kind: 'stopped' }
  | { kind: 'error'; error: AppError };

// Part of the window kept back for the estimate's error when the API cannot count.
const safetyShare = 0.03;
// After a summary the rest of the window is left this full, so the next sends do not summarize again at once.
const afterSummaryShare = 0.5;
// From this share of the budget on, the API's count_tokens (when there is one) checks the estimate.
const countFromShare = 0.6;
// Tokens held for a summary not written yet, when choosing where to cut.
const summaryAllowance = 2_500;
// From this share of the budget on, the API compacts older messages (above clearing's trigger: clearing is cheaper).
const compactFromShare = 0.75;

/** Text the model reads when older messages were left out without a summary. */
export function droppedNotice(count: number): string {
  return `[${count} earlier messages of this conversation were left out to fit the context window; no summary of them is available.]`;
}

function storageError(cause: unknown): AppError {
  return hostError('storage_error', hostMessage('context.historyUnreadable', { reason: cause instanceof Error ? cause.message : String(cause) }));
}

function syntheticUser(chatId: string, text: string): ChatMessage {
  return { id: `context-${randomUUID()}`, chatId, role: 'user', blocks: [{ type: 'text', text }], status: 'complete', createdAt: 0, updatedAt: 0 };
}

/** The context manager of the chat module: loads run windows, prepares requests, remembers each chat's last usage. */
export class ContextManager {
  private readonly deps: { repo: ChatRepository; summaries: SummaryStore; provider: AnthropicProvider; logger: Logger; readFile?: AttachmentReader };
  private readonly counter = new TokenCounter();
  private readonly usages = new Map<string, ContextUsage>();
  private readonly compactionRefusals = new CompactionRefusals();
  private readonly referenceRefusals = new ReferenceRefusals();
  // The tools-and-system size of the last request prepared: the same each turn until the tools or settings change.
  private readonly prefixes = new PrefixCache();

  constructor(deps: { repo: ChatRepository; summaries: SummaryStore; provider: AnthropicProvider; logger: Logger; readFile?: AttachmentReader }) {
    this.deps = deps;
  }

  /** The last request's usage of a chat (since the host started). */
  usage(chatId: string): ContextUsage | undefined {
    return this.usages.get(chatId);
  }

  /** The input budget: the window less the answer's reserve and a safety share. */
  budget(settings: Settings, model: string): { windowTokens: number; reserved: number; budget: number } {
    const windowTokens = contextWindowOf(model, settings.contextWindow);
    const reserved = settings.thinkingEnabled && settings.thinkingBudget >= settings.maxTokens ? settings.thinkingBudget + settings.maxTokens : settings.maxTokens;
    return { windowTokens, reserved, budget: Math.max(1, Math.floor((windowTokens - reserved) * (1 - safetyShare))) };
  }

  /** Reads the newest messages of a chat into `into` (the runner's history): about twice the budget, for a summary to draw on. */
  async load(chatId: string, settings: Settings, model: string, into: ChatMessage[]): Promise<RunWindow> {
    const { budget } = this.budget(settings, model);
    try {
      return await loadTail({ repo: this.deps.repo, summaries: this.deps.summaries, chatId, tokenLimit: 2 * budget, resultLimit: settings.toolResultLimit, into });
    } catch (cause) {
      // Reported by prepare() on the answer, so a history that cannot be read is shown, not only logged.
      return { chatId, messages: into, summary: undefined, gap: 0, dropped: 0, error: storageError(cause) };
    }
  }

  /** Stops asking `model` for compaction (the API refused it); the next prepare builds the request without the edit. */
  forgoCompaction(model: string): void {
    this.compactionRefusals.note(model);
    this.deps.logger.warn('the API refused compaction for this model; asking without it until restart', { model });
  }

  /** True while `baseUrl` has not refused deferred tools and references (the host search answers with references). */
  takesToolReferences(baseUrl: string): boolean {
    return this.referenceRefusals.accepts(baseUrl);
  }

  /** Stops sending deferred tools and host search references to `baseUrl` (it refused them); the next prepare names the found tools instead. */
  forgoToolReferences(baseUrl: string): void {
    this.referenceRefusals.note(baseUrl);
    this.deps.logger.warn('the API refused deferred tools or tool references; the host tool search names the tools it finds until restart', { baseUrl });
  }

  /** Builds the next request of a run within the window; summarizes (and stores the summary) when it must. Never throws. */
  async prepare(run: RunWindow, options: PrepareOptions): Promise<Prepared> {
    if (run.error) return { kind: 'error', error: run.error };
    try {
      return await this.fit(run, options);
    } catch (cause) {
      return { kind: 'error', error: storageError(cause) };
    }
  }

  private async fit(run: RunWindow, options: PrepareOptions): Promise<Prepared> {
    const { settings, model, signal } = options;
    const limit = settings.toolResultLimit;
    const { windowTokens, reserved, budget } = this.budget(settings, model);
    // A key store that cannot be read is the runner's to report (on the answer); here it only means no API help, and
    // this error is only logged (below, when a summary cannot be written), so it stays plain English.
    const client = await this.deps.provider.client(settings.apiBaseUrl).catch((cause: unknown) => ({ ok: false as const, error: appError('internal', String(cause)) }));
    const api = usesApiContextManagement(settings);
    // Compaction blocks go back as they are only where the API compacts; elsewhere the summary is sent as text.
    const compacting = api && supportsCompaction(model) && !this.compactionRefusals.has(model);
    const hostReferences = this.takesToolReferences(settings.apiBaseUrl);
    const build = (history: ChatMessage[]) =>
      buildRequest({
        history: compacting ? history : withoutCompactionBlocks(history),
        tools: options.tools,
        settings,
        model,
        hostReferences,
        ...(this.deps.readFile ? { readFile: this.deps.readFile } : {}),
        ...(options.mostUsed ? { mostUsed: options.mostUsed } : {}),
      });
    const toolsAndSystem = this.prefixes.tokens(options.tools, settings, model, compacting, () => prefixTokens(build([])), options.mostUsed);
    let extra = 0;
    let summaryError: AppError | undefined;
    for (let attempt = 0; attempt < 3; attempt++) {
      // The API's newest compaction (this run's, or loaded) stands in for everything before it.
      adoptCompaction(run);
      // Estimates are scaled by the model's calibration; the budget is compared in raw estimate units.
      const scaled = Math.floor(budget / this.counter.factor(model));
      const prefix = (): number => toolsAndSystem + extra + (run.summary ? textTokens(summaryPreamble(run.summary.text, run.summary.coveredMessages, run.summary.unreadMessages)) : 0) + (run.dropped > 0 ? 40 : 0);
      let costs = run.messages.map((m) => messageCost(m, limit));
      let plan = planWindow(run.messages, costs, prefix(), scaled);
      if (!plan.fits || run.gap > 0) {
        const cut = chooseCut(run.messages, costs, prefix() + summaryAllowance, Math.floor(scaled * afterSummaryShare));
        if (cut > 0) {
          const older = run.messages.slice(0, cut);
          if (!client.ok) summaryError = client.error;
          const made = client.ok
            ? await summarize({ client: client.value, model, baseUrl: settings.apiBaseUrl, previous: run.summary?.text, messages: older, inputBudget: budget - 2_048, signal })
            : undefined;
          if (signal.aborted) return { kind: 'stopped' };
          const through = older.at(-1);
          if (made?.ok && through) {
            const covered = (run.summary?.coveredMessages ?? 0) + run.gap + cut;
            // Messages the summary stands for but could not read (beyond its own window) stay reported as left out.
            const unread = (run.summary?.unreadMessages ?? 0) + run.gap + made.value.left;
            run.summary = { chatId: run.chatId, text: made.value.text, throughMessageId: through.id, coveredMessages: covered, unreadMessages: unread, model, createdAt: Date.now() };
            this.deps.summaries.put(run.summary);
          } else {
            if (made && !made.ok) summaryError = made.error;
            this.deps.logger.warn('chat summary failed; older messages left out', { chatId: run.chatId, reason: summaryError?.message ?? 'no client' });
            run.dropped += cut + run.gap;
          }
          run.gap = 0;
          run.messages.splice(0, cut);
          costs = run.messages.map((m) => messageCost(m, limit));
          plan = planWindow(run.messages, costs, prefix(), scaled);
        } else if (run.gap > 0) {
          run.dropped += run.gap;
          run.gap = 0;
        }
      }
      if (!plan.fits) {
        return {
          kind: 'error',
          error: hostError('invalid_params', hostMessage('context.tooLarge', { tokens: Math.ceil(plan.total * this.counter.factor(model)), window: windowTokens, model, budget })),
        };
      }
      const prefixMessages: ChatMessage[] = [];
      const compacted = compacting ? undefined : leadingCompaction(run.messages);
      if (compacted) prefixMessages.push(syntheticUser(run.chatId, compactionAsText(compacted)));
      if (run.summary) prefixMessages.push(syntheticUser(run.chatId, summaryPreamble(run.summary.text, run.summary.coveredMessages, run.summary.unreadMessages)));
      if (run.dropped > 0) prefixMessages.push(syntheticUser(run.chatId, droppedNotice(run.dropped)));
      const request = build([...prefixMessages, ...withClearedResults(run.messages, plan.cleared)]);
      // The estimate of the whole request; a difference from the plan (tools that depend on history) is carried over.
      const raw = estimateRequestTokens(request);
      if (raw > scaled) {
        extra += raw - plan.total + 1;
        continue;
      }
      let inputTokens = Math.ceil(raw * this.counter.factor(model));
      let counted: ContextUsage['counted'] = 'estimate';
      if (inputTokens >= countFromShare * budget) {
        const count = await this.counter.count(request, client.ok ? client.value : undefined, settings.apiBaseUrl, signal);
        if (signal.aborted) return { kind: 'stopped' };
        inputTokens = count.tokens;
        counted = count.counted;
        // Over after all: the calibration has just learned the model's real ratio; plan again with it.
        if (count.tokens > budget && attempt < 2) continue;
      }
      const betas: string[] = [];
      const sent: Anthropic.MessageCreateParamsStreaming & { context_management?: ReturnType<typeof apiContextManagement> } = request;
      if (api) {
        sent.context_management = apiContextManagement(countFromShare * budget, compacting ? compactFromShare * budget : undefined);
        betas.push(contextManagementBeta);
        if (compacting) betas.push(compactionBeta);
      }
      const usage: ContextUsage = {
        inputTokens,
        windowTokens,
        reservedTokens: reserved,
        counted,
        clearedToolResults: plan.cleared.size,
        summarizedMessages: run.summary ? run.summary.coveredMessages - run.summary.unreadMessages : 0,
        droppedMessages: run.dropped + (run.summary?.unreadMessages ?? 0),
        apiContextManagement: api,
        apiCompaction: compacting,
      };
      this.usages.set(run.chatId, usage);
      // Only the host's search sends them on its own account (the API's search needs them, so a refusal there stands).
      const referencing = hostReferences && searchMode(settings) === 'host' && (sent.tools ?? []).some((tool) => 'defer_loading' in tool && tool.defer_loading === true);
      return { kind: 'ready', request: sent, betas, usage, hostReferences: referencing };
    }
    return { kind: 'error', error: hostError('internal', hostMessage('context.cannotFit', { window: windowTokens, model })) };
  }
}
