/** Whether a base URL is Anthropic's own API, which decides the tool search and context management used by default. */

// The last base URL asked about and its answer: the checks run before every request (the tool plan and the context
// check), and parsing the URL each time was most of their cost while the setting stays the same.
let lastBaseUrl: string | undefined;
let lastIsAnthropic = false;

/** True when `baseUrl` points at api.anthropic.com; false for any other host or an unparsable URL. */
export function isAnthropicApi(baseUrl: string): boolean {
  if (baseUrl === lastBaseUrl) return lastIsAnthropic;
  try {
    lastIsAnthropic = new URL(baseUrl).hostname === 'api.anthropic.com';
  } catch {
    lastIsAnthropic = false;
  }
  lastBaseUrl = baseUrl;
  return lastIsAnthropic;
}
