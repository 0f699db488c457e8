/** Validates an untyped call and dispatches it to a typed HostApi; used by the IPC and WebSocket bridges. */
import { appError, err, zodToAppError, type Result } from './errors.ts';
import { callSchemas, isCallName, type CallName, type HostApi } from './contract.ts';

/** Validates `params` against the call's schema and runs it; unknown names, bad params and throws become typed errors. */
export async function dispatchCall(api: HostApi, name: string, params: unknown): Promise<Result<unknown>> {
  if (!isCallName(name)) return err('unknown_method', `Unknown call: ${name}`);
  const parsed = callSchemas[name].safeParse(params ?? {});
  if (!parsed.success) return { ok: false, error: zodToAppError(parsed.error) };
  try {
    const handler = api[name] as (p: unknown) => Promise<Result<unknown>>;
    return await handler(parsed.data);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    return { ok: false, error: appError('internal', `${name} failed: ${message}`) };
  }
}

/** Narrow helper for tests and bridges. */
export type { CallName };
