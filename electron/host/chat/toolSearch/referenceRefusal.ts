/**
 * The host's tool search answers with `tool_reference` blocks against tools sent with defer_loading, as the API's own
 * search does. A gateway that does not take either (an older proxy, another provider's Messages API) refuses the whole
 * request; the host then stops sending them to that base URL until restart and asks once more with the found tools'
 * definitions named in text and sent whole, which any Messages API takes.
 */
import type { AppError } from '../../../../shared/errors.ts';

/** True when an API error is a refusal of deferred tools or of tool references, rather than anything else. */
export function isToolReferenceRefusal(error: AppError): boolean {
  if (error.code !== 'api_error') return false;
  return /defer_loading|tool_reference/i.test(`${error.detail ?? ''} ${error.message}`);
}

/** The base URLs that refused deferred tools or references, in this run of the host. */
export class ReferenceRefusals {
  private readonly baseUrls = new Set<string>();

  /** Remembers that `baseUrl` refused them. */
  note(baseUrl: string): void {
    this.baseUrls.add(baseUrl);
  }

  /** True when `baseUrl` takes them, as far as the host knows. */
  accepts(baseUrl: string): boolean {
    return !this.baseUrls.has(baseUrl);
  }
}
