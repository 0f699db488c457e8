/**
 * Parses an HTTP request-target without ever throwing. `new URL(request.url, base)` reads `//x:99999` as a host with a
 * bad port and throws; a throw in a request handler ends the process, so every server on 127.0.0.1 parses here.
 */

/** The path and query of a request, or undefined when the target is not one this app serves (answer 400). */
export interface RequestTarget {
  /** Still percent-encoded, exactly as sent (origin-form: `//x` is a path, not a host). */
  pathname: string;
  query: URLSearchParams;
}

// RFC 9112 §3.2: origin-form for ordinary requests; absolute-form must also be accepted by servers (proxies send it).
const absoluteForm = /^https?:\/\//i;

/** Splits `target` into path and query; undefined for authority-form, asterisk-form, control characters and unparsable URLs. */
export function parseRequestTarget(target: string | undefined): RequestTarget | undefined {
  if (target === undefined || target.length === 0) return undefined;
  // Node's parser already refuses most of these; the check keeps this function safe on its own.
  for (let i = 0; i < target.length; i++) {
    const code = target.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return undefined;
  }
  if (target.startsWith('/')) {
    const hash = target.indexOf('#');
    const withoutHash = hash === -1 ? target : target.slice(0, hash);
    const question = withoutHash.indexOf('?');
    const pathname = question === -1 ? withoutHash : withoutHash.slice(0, question);
    const search = question === -1 ? '' : withoutHash.slice(question + 1);
    return { pathname, query: new URLSearchParams(search) };
  }
  if (absoluteForm.test(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return undefined;
    }
    return { pathname: url.pathname, query: url.searchParams };
  }
  return undefined;
}
