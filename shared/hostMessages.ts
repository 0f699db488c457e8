/**
 * Messages the host writes for people, as codes plus parameters. The renderer translates each code (locale namespace
 * `hostMessages`); the English template here builds the `message` kept in logs and used as a fallback.
 */
import { z } from 'zod';

/**
 * English template of every host message code. `{{name}}` is a parameter; `$t(hostMessages:net.{{cause}})` nests
 * another code (i18next does the same in the renderer). renderer/src/i18n/locales/en/hostMessages.json must equal this
 * (a test checks it), and vi / zh-CN must translate every code.
 */
export const hostMessageEnglish = {
  'net.refused': 'connection refused',
  'net.reset': 'connection reset',
  'net.notFound': 'host not found',
  'net.timeout': 'network timeout',
  'net.error': 'network error',

  'auth.signIn': 'The server requires you to sign in (HTTP 401).',
  'connect.stdoutGarbage': 'The server wrote text that is not MCP JSON to stdout: {{line}}. Stdout is reserved for protocol messages; the server should log to stderr.',
  'connect.timeoutSilent':
    'The server did not answer within {{seconds}} s and wrote nothing to its log. npx/uvx may still be downloading the package; check network/proxy settings (HTTPS_PROXY, NODE_EXTRA_CA_CERTS), or raise the connect timeout.',
  'connect.timeout': 'The server did not answer within {{seconds}} s.',
  'connect.exitedCode': 'The server exited during startup (exit code {{exitCode}}).',
  'connect.exitedSignal': 'The server exited during startup (killed by {{signal}}).',
  'connect.http': 'The server answered HTTP {{status}}.',
  'connect.httpAt': 'The server answered HTTP {{status}} at {{url}}.',
  'connect.commandMissing': 'Command not found: {{reason}}',
  'connect.unreachable': 'Could not reach the server ($t(hostMessages:net.{{cause}})).',
  'connect.unreachableAt': 'Could not reach {{url}} ($t(hostMessages:net.{{cause}})).',
  'connect.closed': 'The server closed the connection during startup.',
  'connect.failed': 'Could not connect: {{reason}}',
  'connect.startFailed': 'Could not start: {{reason}}',
  'lost.exitedCode': 'The server exited (exit code {{exitCode}}).',
  'lost.exitedSignal': 'The server exited (killed by {{signal}}).',
  'lost.closed': 'The connection to the server closed.',
  'lost.other': 'The connection to the server was lost: {{reason}}',

  'request.serverError': 'The server answered with an error: {{reason}}',
  'request.stopped': 'The server stopped before answering.',
  'request.unreachable': 'The server could not be reached ($t(hostMessages:net.{{cause}})).',
  'request.invalidResult': 'The server sent an invalid result: {{reason}}',

  'cnf.noFile': 'Command not found: "{{command}}" — there is no executable file at {{path}}.',
  'cnf.notInPath': 'Command not found: "{{command}}" is not in any of the {{folders}} folders of the PATH Switchboard searched.',
  'cnf.emptyPath': 'Command not found: "{{command}}" — the PATH Switchboard searched is empty.',
  'cnf.searchedPath': 'Searched PATH:',
  'cnf.searchedEmpty': '(empty)',
  'cnf.whatToTry': 'What to try:',
  'cnf.hint.checkFile': 'Check that the file exists and is executable, or use the command name alone to search PATH.',
  'cnf.hint.relative': "Relative paths start from the server's working directory ({{cwd}}); an absolute path is safer.",
  'cnf.hint.relativeNoCwd': "Relative paths start from the server's working directory (not set); an absolute path is safer.",
  'cnf.hint.node': 'Install Node.js (https://nodejs.org), which provides node, npm and npx, then restart Switchboard.',
  'cnf.hint.nodeManagers': 'If Node.js comes from nvm, fnm or volta, make sure your login shell sets it up ({{profile}}); Switchboard reads that environment when it starts.',
  'cnf.hint.uv': 'Install uv (https://docs.astral.sh/uv/), which provides uvx, then restart Switchboard. It installs into ~/.local/bin by default.',
  'cnf.hint.docker': 'Install Docker (Docker Desktop or Docker Engine) and make sure it is running, then restart Switchboard.',
  'cnf.hint.bun': 'Install Bun (https://bun.sh), which provides bunx, then restart Switchboard.',
  'cnf.hint.deno': 'Install Deno (https://deno.com), then restart Switchboard.',
  'cnf.hint.pythonWindows': 'Install Python 3 (https://www.python.org); on Windows the launcher is `py`.',
  'cnf.hint.python': 'Install Python 3, or use `python3` if `python` is not on your system.',
  'cnf.hint.spelling': 'Check the spelling of the command, or install the program that provides it.',
  'cnf.hint.fullPath': "Or use the command's full path: run `{{lookup}}` in a terminal and paste the result as the server's command.",
  'cnf.hint.windowsCmd': 'On Windows, npx and npm are .cmd scripts; Switchboard starts them like a terminal does, but the full path (from `where {{name}}`) always works.',
  'cnf.hint.loginShell': "Switchboard could not read your login shell's environment ({{problem}}), so it searched only the PATH it was started with.",

  'api.keyMissing': 'No Anthropic API key is set. Open Settings, paste your API key (from console.anthropic.com), then press Retry.',
  'api.invalidKey': 'The API key was rejected (401). Open Settings and paste a valid Anthropic API key, then press Retry.',
  'api.forbidden': "This API key is not allowed to use {{model}} here (403). Check the key's workspace and permissions, or pick another model in Settings, then press Retry.",
  'api.modelNotFound': 'The model "{{model}}" was not found (404). Pick another model in Settings (or check the API base URL), then press Retry.',
  'api.rateLimited': 'Rate limited by the API (429), still after retrying. Wait a moment, then press Retry.',
  'api.rateLimitedWait': 'Rate limited by the API (429), still after retrying. The API asked to wait {{seconds}} s. Wait a moment, then press Retry.',
  'api.overloaded': 'The API is overloaded right now (529), still after retrying. Wait a minute, then press Retry.',
  'api.timeout': 'The API at {{url}} did not answer in time. Check your connection, then press Retry.',
  'api.unreachable': 'Could not reach the API at {{url}}. Check your internet connection (or the API base URL in Settings), then press Retry.',
  'api.status': 'The API returned an error ({{status}}): {{detail}}. Press Retry; if it keeps failing, check Settings.',
  'api.error': 'The API returned an error: {{detail}}. Press Retry; if it keeps failing, check Settings.',
  'api.failed': 'The request to the API failed: {{detail}}. Press Retry.',
  'api.streamCut': 'The connection dropped in the middle of the answer. The part that arrived is kept; press Retry to ask again.',

  'import.jsonEmpty': 'The document is empty',
  'import.jsonAt': 'Not valid JSON at line {{line}}, column {{column}}: {{reason}}',
  'import.jsonBad': 'Not valid JSON: {{reason}}',
  'import.notObject': 'Expected a JSON object with "mcpServers" or "servers"',
  'import.singleEntry': 'This is a single server entry without a name: wrap it as { "my-server": { ... } }',
  'import.noServers': 'No servers found: expected "mcpServers" (Claude Desktop, Cursor) or "servers" (VS Code)',
  'import.notAMap': '"{{key}}" must be an object of name -> server entry',
  'import.emptyDocument': 'The document lists no servers',
  'import.vscodeInputs': '{{count}} VS Code input(s) were ignored: Switchboard does not prompt for them; put the values in env or headers',
  'import.ignoredFields': 'Ignored fields Switchboard does not use: {{fields}}',
  'import.envFile': 'envFile is not read: copy the variables it holds into "env"',
  'import.legacySse': "Uses the legacy SSE transport; prefer the server's Streamable HTTP address if it has one",
  'import.editorVariables': 'Contains editor variables Switchboard does not expand: {{variables}}; replace them with real values',
  'import.stringified': '{{field}} was {{type}} {{value}}; stored as the text "{{value}}"',
} as const;

/** A host message code: one sentence the renderer translates. */
export type HostMessageCode = keyof typeof hostMessageEnglish;

/** Every host message code, for schemas and for the test that each one is translated. */
export const hostMessageCodes = Object.keys(hostMessageEnglish) as [HostMessageCode, ...HostMessageCode[]];

/** Parameters of a host message: plain values put into the sentence. */
export type HostMessageParams = Record<string, string | number>;

/** Zod schema of a host message. */
export const hostMessageSchema = z.object({ code: z.enum(hostMessageCodes), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() });

/** A message as data: its code and the values it names. */
export interface HostMessage {
  code: HostMessageCode;
  params?: HostMessageParams;
}

/** Builds a host message (params left out when there are none, so payloads stay small). */
export function hostMessage(code: HostMessageCode, params?: HostMessageParams): HostMessage {
  return params && Object.keys(params).length > 0 ? { code, params } : { code };
}

/** The English sentence of a host message: what logs keep and what shows when a translation is missing. */
export function englishOf(message: HostMessage): string {
  const fill = (template: string): string => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(message.params?.[name] ?? ''));
  return fill(hostMessageEnglish[message.code]).replace(/\$t\(hostMessages:([\w.]+)\)/g, (whole, key: string) =>
    key in hostMessageEnglish ? fill(hostMessageEnglish[key as HostMessageCode]) : whole,
  );
}

/** The same message with every parameter passed through `map` (redaction of secrets a server may have echoed). */
export function mapParams(message: HostMessage, map: (text: string) => string): HostMessage {
  if (!message.params) return message;
  const params: HostMessageParams = {};
  for (const [key, value] of Object.entries(message.params)) params[key] = typeof value === 'string' ? map(value) : value;
  return { code: message.code, params };
}
