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

  // Folders and files chosen in the window (folder browser, OS dialogs).
  'fs.notAbsoluteFolder': '"{{path}}" is not an absolute folder path',
  'fs.notAbsoluteFile': '"{{path}}" is not an absolute file path',
  'fs.noFolder': 'No folder at {{path}}',
  'fs.noFile': 'No file at {{path}}',
  'fs.unreadable': '{{path}} cannot be read: {{reason}}',
  'fs.notAFolder': '{{path}} is not a folder',
  'fs.isAFolder': '{{path}} is a folder, not a file',
  'fs.notRegularFile': '{{path}} is not a regular file',
  'fs.folderDialogFailed': 'The folder dialog failed: {{reason}}',
  'fs.fileDialogFailed': 'The file dialog failed: {{reason}}',
  'fs.noFolderDialog': 'This window has no folder dialog; browse with folders.list instead',
  'fs.noFileDialog': 'This window has no file dialog; browse with folders.list and files.check instead',

  // .mcpb bundles refused or not installed.
  'bundle.tooLarge': 'The bundle is {{size}} MB; at most {{max}} MB are accepted',
  'bundle.uploadTooLarge': 'The bundle is larger than {{max}} MB, the most that can be sent from the browser',
  'bundle.nameTaken': 'A server named "{{name}}" already exists and was not installed from a bundle',
  'bundle.unpackFailed': 'The bundle could not be unpacked: {{reason}}',
  'bundle.secretStoreFailed': 'The secret store could not be written: {{reason}}',
  'bundle.notInstalled': 'No server named "{{name}}" installed from a bundle',
  'bundle.zipUnreadable': 'Not a readable zip archive: {{reason}}',
  'bundle.zipTooShort': 'Not a readable zip archive: the file is too short',
  'bundle.zipNoEnd': 'Not a readable zip archive: no end-of-archive record',
  'bundle.zip64': 'Not a readable zip archive: zip64 archives are not supported',
  'bundle.zipPastEnd': 'Not a readable zip archive: the directory points past the end of the file',
  'bundle.zipDamaged': 'Not a readable zip archive: a directory record is damaged',
  'bundle.sizeMismatch': '"{{name}}" does not match its declared size',
  'bundle.noManifest': 'The bundle has no manifest.json at its top level',
  'bundle.manifestNotJson': 'manifest.json is not JSON: {{reason}}',
  'bundle.manifestInvalid': 'manifest.json is not a valid MCPB manifest: {{issues}}',
  'bundle.badName': 'Bundle name "{{name}}" must be letters, digits, \'.\', \'_\' or \'-\' (at most 100)',
  'bundle.serverType': 'Server type "{{type}}" is not supported (node, python or binary)',
  'bundle.noMcpConfig': 'manifest.json has no server.mcp_config (command and arguments to run)',
  'bundle.noEntryPoint': 'The entry point "{{path}}" is not in the archive',
  'bundle.platform': 'This bundle runs on {{platforms}}; this computer is {{platform}}',
  'bundle.optionKey': 'user_config option "{{key}}" must be letters, digits, \'_\' or \'-\'',
  'bundle.tooManyFiles': 'The archive has {{count}} files; at most {{max}} are accepted',
  'bundle.unsafeEmptyName': 'Unsafe path in the archive: an entry has an empty name',
  'bundle.unsafeNul': 'Unsafe path in the archive: "{{name}}" contains a NUL byte',
  'bundle.unsafeAbsolute': 'Unsafe path in the archive: "{{name}}" is an absolute path',
  'bundle.unsafeParent': 'Unsafe path in the archive: "{{name}}" leaves the bundle\'s folder (..)',
  'bundle.unsafeSymlink': 'Unsafe path in the archive: "{{name}}" is a symbolic link',
  'bundle.duplicate': 'The archive holds "{{name}}" twice',
  'bundle.entryZip64': '"{{name}}" is too large (zip64)',
  'bundle.unpackedTooLarge': 'The archive unpacks to more than {{max}} MB',
  'bundle.zipBomb': '"{{name}}" expands {{ratio}} times; this looks like a zip bomb',
  'bundle.optionRequired': '"{{title}}" is required',
  'bundle.optionNumber': '"{{title}}" must be a number',
  'bundle.optionMin': '"{{title}}" must be at least {{min}}',
  'bundle.optionMax': '"{{title}}" must be at most {{max}}',
  'bundle.optionBoolean': '"{{title}}" must be true or false',
  'bundle.optionOneValue': '"{{title}}" takes one value',

  // Calls about one server, the servers file, and launching.
  'servers.notValid': 'Server "{{server}}" is not valid: {{reason}}',
  'servers.invalidConfig': 'The server "{{server}}" has an invalid configuration: {{reason}}',
  'servers.noValidServer': 'No valid server named "{{server}}"',
  'servers.noToolNow': 'Server "{{server}}" has no tool named {{tool}} now',
  'servers.notWaiting': 'This request is no longer waiting for an answer',
  'servers.shuttingDown': 'The app is shutting down.',
  'servers.removed': 'The server "{{server}}" was removed.',
  'servers.fileJson': '{{path}}: $t(hostMessages:import.{{problem}}). Switchboard will not change this file until it is fixed (the previous version is in {{backup}}).',
  'servers.fileNotObject': '{{path}}: expected a JSON object with "mcpServers". Switchboard will not change this file until it is fixed (the previous version is in {{backup}}).',
  'servers.fileNotMap': '{{path}}: "mcpServers" must be an object of name -> server entry. Switchboard will not change this file until it is fixed (the previous version is in {{backup}}).',
  'servers.fileUnreadable': 'Cannot read {{path}}: {{reason}}',
  'servers.fileSaveFailed': 'Could not save {{path}}: {{reason}}. Nothing was changed.',
  'servers.argSecretMissing': 'args: the value of "{{name}}" is not in the secret store; install the bundle again or type it in the arguments',
  'servers.secretMissing': '{{field}}: the value is not in the secret store; edit the server and type it again',
  'servers.probeTimeout': 'The server did not answer the protocol probe within {{ms}} ms (the machine may be busy); trying again.',
  'servers.connectStopped': 'The connection attempt was stopped.',
  'servers.noWorkingFolder': 'The working folder "{{path}}" does not exist.',
  'servers.streamLost': 'The connection to the server was lost: the event stream dropped and could not be reopened ({{detail}})',
  'servers.lostRequest': 'The connection to the server was lost: $t(hostMessages:{{lostCode}})',

  // A page a server asked the user to open before a call (URL elicitation, error -32042).
  'urlElicitation.noUrl': 'The server requires a URL to be opened first (error -32042) but sent no usable URL.',
  'urlElicitation.declined': 'The server needs you to open {{url}} before this call can run; the request was declined.',
  'urlElicitation.cancelled': 'The server needs you to open {{url}} before this call can run; the request was cancelled.',
  'urlElicitation.timeout': 'The server did not report that the page it asked you to open was completed within {{minutes}} minutes.',

  // Argument completions.
  'completion.notOffered': 'This server does not offer completions.',
  'completion.notRunning': 'Server "{{server}}" is not running',

  // The host as a whole.
  'host.samplingStarting': 'The app is still starting; sampling is not available yet.',
  'host.notImplemented': '{{name}} is not implemented yet',

  // Chat history, notices and saved tool results.
  'store.dismissFailed': 'The notice could not be dismissed: {{reason}}',
  'store.restoreFailed': 'The history could not be restored: {{reason}}',
  'store.restoreInProgress': 'A restore is already in progress.',
  'store.noticeGone': 'This notice is no longer open.',
  'store.keptGone': '{{file}} is no longer in the data folder.',
  'store.restoreUnusable': '{{file}} could not be used as the chat history ({{reason}}). Nothing was changed.',
  'store.historyUnavailable': 'Switchboard could not open your chat history ({{path}}): {{reason}}. The file was not changed and nothing was moved. Free some disk space or fix the data folder’s permissions, then start Switchboard again.',
  'store.fullResultGone': 'The full result of this tool call is not on disk (it was within the limit, or its chat was deleted).',
  'store.reasonEarlierVersion': 'moved aside by an earlier version of Switchboard',
  'store.reasonReplaced': 'replaced by {{file}} at your request',
  'store.settingsNotObject': 'expected a JSON object',
  'store.dataDirInUse': "Another Switchboard is using the data folder {{dataDir}} ($t(hostMessages:store.lockOwner.{{owner}})). Only one can use a folder at a time, so that neither loses the other's changes. $t(hostMessages:store.lockHint.{{forMode}})",
  'store.dataDirInUseStale': "Another Switchboard is using the data folder {{dataDir}} ($t(hostMessages:store.lockOwner.{{owner}})). Only one can use a folder at a time, so that neither loses the other's changes. $t(hostMessages:store.lockHint.{{forMode}}) If that process is not Switchboard, delete {{lockFile}} and start again.",
  'store.lockOwner.starting': 'a process that is starting now',
  'store.lockOwner.web': 'process {{pid}}, web mode, started {{startedAt}}',
  'store.lockOwner.desktop': 'process {{pid}}, the desktop app, started {{startedAt}}',
  'store.lockOwner.webElsewhere': 'process {{pid}}, web mode, started {{startedAt}} on {{hostname}}',
  'store.lockOwner.desktopElsewhere': 'process {{pid}}, the desktop app, started {{startedAt}} on {{hostname}}',
  'store.lockOwner.selfWeb': 'process {{pid}} (this one), web mode, started {{startedAt}}',
  'store.lockOwner.selfDesktop': 'process {{pid}} (this one), the desktop app, started {{startedAt}}',
  'store.lockHint.web': 'Stop it first, or give this web mode a folder of its own: npm run web -- --data-dir <folder>.',
  'store.lockHint.desktop': 'Close it first (web mode stops with Ctrl+C).',

  // The MCP registry behind Browse.
  'catalog.badUrl': 'The registry URL must be an http:// or https:// address: {{url}}',
  'catalog.timeout': 'The registry did not answer within {{seconds}} s ({{host}}).',
  'catalog.unreachable': 'The registry could not be reached ({{host}}): {{reason}}',
  'catalog.http': 'The registry answered HTTP {{status}} ({{host}}).',
  'catalog.cutOff': "The registry's answer was cut off ({{host}}): {{reason}}",
  'catalog.tooBig': "The registry's answer is too big ({{host}}).",
  'catalog.notJson': "The registry's answer is not JSON ({{host}}).",
  'catalog.notList': "The registry's answer is not a server list ({{host}}).",

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

  // Server entries that fail validation (servers file, form, import), each naming the field at fault.
  'entry.notObject': 'A server entry must be an object with a "command" or a "url"',
  'entry.unknownType': 'type: unknown transport {{type}}; use "stdio" or "http"',
  'entry.commandMissing': 'command: a local server needs a "command" (a remote one needs a "url")',
  'entry.nameSpaces': 'name: starts or ends with spaces',
  'entry.nameTaken': 'A server named "{{name}}" already exists',
  'entry.hiddenValue': '{{field}}: this value is hidden; type it again',
  'entry.invalid': 'Invalid entry',
  'entry.required': '{{field}}: required',
  'entry.wrongType': '{{field}}: expected {{expected}}',
  'entry.empty': '{{field}}: must not be empty',
  'entry.tooSmall': '{{field}}: must be at least {{minimum}}',
  'entry.tooBig': '{{field}}: must be at most {{maximum}}',
  'entry.tooLong': '{{field}}: at most {{maximum}} characters',
  'entry.tooMany': '{{field}}: at most {{maximum}} items',
  'entry.notInteger': '{{field}}: must be a whole number',
  'entry.oneOf': '{{field}}: must be one of {{options}}',
  'entry.badFormat': '{{field}}: not in the expected format',
  'entry.other': '{{field}}: {{reason}}',
  'entry.nameRequired': '{{field}}: Name is required',
  'entry.nameTooLong': '{{field}}: Name is at most 100 characters',
  'entry.commandRequired': '{{field}}: Command is required',
  'entry.urlScheme': '{{field}}: URL must be an http:// or https:// address',
  'entry.envName': '{{field}}: Environment variable names use letters, digits and _',
  'entry.rootRequired': '{{field}}: A root is a folder path',
  'entry.rootAbsolute': '{{field}}: A root must be an absolute folder path',
  'entry.rootsMax': '{{field}}: At most 50 roots',
  'entry.scopeWord': '{{field}}: A scope is one word of printable characters',
  'entry.notObjectSettings': 'This entry is not an object; fix it before changing its settings',
  'entry.notObjectTools': 'This entry is not an object; fix it before changing its tools',
  'entry.noServer': 'No server named "{{name}}"',
  'entry.secretStoreFailed': 'The secret store could not be written: {{reason}}. Nothing was changed.',

  // Import decisions the host could not apply.
  'importApply.notInDocument': '"{{name}}" is not in the imported document',
  'importApply.twoDecisions': '"{{name}}" has more than one decision',
  'importApply.newNameRequired': 'newName is required to rename',
  'importApply.takenInImport': '"{{name}}" is already taken by another entry of this import',
  'importApply.exists': 'A server named "{{name}}" already exists: rename or replace it',

  // Non-fatal problems of a ready server.
  'ready.stdoutIgnored': 'Ignored non-JSON output on stdout: {{line}}',
  'ready.moreWarnings': '…and {{count}} more warnings (see the server log).',

  // Sign-in (OAuth) lines of a server waiting for the user to sign in.
  'auth.required': 'Sign in required',
  'auth.requiredScope': 'Sign in required (access asked for: {{scope}})',
  'auth.lastFailed': 'The last sign-in did not complete:',
  'auth.timeout': 'The sign-in was not completed in time.',
  'auth.cancelled': 'The sign-in was cancelled.',
  'auth.issuerMetadata': 'Sign-in refused: the authorization server metadata names a different issuer than the server it was fetched from (RFC 8414).',
  'auth.issuerMissing': 'Sign-in refused: the authorization server promised to name itself in its answer (iss) and did not (RFC 9207 mix-up check).',
  'auth.issuerOther': 'Sign-in refused: the answer came back naming a different authorization server than the one Switchboard sent you to (RFC 9207 mix-up check).',
  'auth.serverSwitched': 'The server switched to a different authorization server during sign-in. Sign in again.',
  'auth.insecureToken': 'Sign-in refused: the authorization server’s token endpoint does not use HTTPS.',
  'auth.registrationRejected': "The authorization server refused to register Switchboard (HTTP {{status}}). Register it by hand and enter the client ID in the server's settings.",
  'auth.refused': 'The authorization server refused the sign-in: {{reason}}',
  'auth.signInRequired': 'Sign in required.',
  'auth.failed': 'Sign-in failed: {{reason}}',
  'auth.registerByHand': "{{host}} does not let apps register themselves. Register Switchboard there (redirect URI {{redirect}}) and enter the client ID in this server's settings.",
  'auth.noMetadata': 'Sign-in refused: the server’s authorization server publishes no metadata (RFC 8414 or OpenID discovery), so Switchboard cannot verify that it supports PKCE.',
  'auth.noPkce': 'Sign-in refused: {{host}} does not support PKCE with S256, which the MCP authorization spec requires.',
  'auth.wrongResource': 'Sign-in refused: the server’s protected resource metadata is for {{resource}}, not for {{url}}.',
  'auth.portInUse': 'Port {{port}} (oauth.callbackPort) is in use by another program, so the sign-in cannot receive its answer.',
  'auth.declined': 'The sign-in was declined at the authorization server.',
  'auth.denied': 'The authorization server did not sign you in: {{reason}}.',

  // Files the host would not attach to a message.
  'attach.uploadTooLarge': '"{{name}}" is {{size}}; files can be at most {{max}}.',
  'attach.unsupported': '"{{name}}" looks like $t(hostMessages:attach.seems.{{seems}}). Switchboard can attach images (PNG, JPEG, GIF, WebP), PDFs and text or code files.',
  'attach.seems.empty': 'an empty file',
  'attach.seems.zip': 'a ZIP archive (or an Office document)',
  'attach.seems.gzip': 'a gzip archive',
  'attach.seems.sevenZip': 'a 7-Zip archive',
  'attach.seems.elf': 'a Linux program (ELF)',
  'attach.seems.exe': 'a Windows program',
  'attach.seems.macho': 'a macOS program (Mach-O)',
  'attach.seems.heic': 'a HEIC/AVIF image',
  'attach.seems.video': 'a video (MP4/MOV)',
  'attach.seems.bmp': 'a BMP image',
  'attach.seems.tiff': 'a TIFF image',
  'attach.seems.audio': 'an audio file',
  'attach.seems.sqlite': 'a SQLite database',
  'attach.seems.unknown': 'a binary file of an unknown type',
  'attach.undecodable': '"{{name}}" starts like an image but could not be decoded ({{reason}}).',
  'attach.gone': 'An attached file is no longer waiting to be sent (it was sent or removed already). Attach it again.',
  'attach.moveFailed': "An attached file could not be moved into the chat's folder ({{reason}}). Attach it again.",
  'attach.noSuch': 'No such attachment.',
  'attach.noPreview': 'This attachment has no preview in the data folder (it was not an image, or its chat was deleted).',
  'attach.imageTooLarge': '"{{name}}" is {{size}} even after scaling down; an image can be at most {{max}}.',
  'attach.pdfTooLarge': '"{{name}}" is {{size}}; a PDF can be at most {{max}} (the API takes 32 MB per request, and a PDF travels base64-encoded, a third larger).',
  'attach.pdfPages': '"{{name}}" has {{pages}} pages; the API reads PDFs of at most {{max}} pages. Split it and attach the part you need.',
  'attach.textTooLarge': '"{{name}}" is {{size}} of text; a text file can be at most {{max}} (about 300,000 tokens).',
  'attach.tooManyFiles': '{{count}} files are attached; a message can carry at most {{max}}. Send the rest in another message.',
  'attach.tooManyImages': '{{count}} images are attached; the API takes at most {{max}} per request. Send the rest in another message.',
  'attach.tooManyPages': 'The PDFs attached have {{pages}} pages together; the API reads at most {{max}} pages per request. Send some of them in another message.',
  'attach.requestTooLarge': 'These files come to {{size}} in the request (images and PDFs travel base64-encoded, a third larger); the API accepts {{max}} per request. Remove some, or send them in separate messages.',
  // A server that cannot do what was asked in its current state.
  'state.disabled': 'The server "{{server}}" is disabled.',
  'state.disabledStart': 'The server "{{server}}" is disabled; enable it to start it.',
  'state.needsSignIn': 'The server "{{server}}" needs you to sign in first (Servers → Sign in).',
  'test.savedValueOnly': '{{field}}: the saved value is only sent to the saved URL; type it again to test this URL',
  // A tool call refused or ended by the host (shown on the tool card; the English goes to the model).
  'call.serverDisabledTool': 'The server "{{server}}" is disabled, so {{tool}} is not available.',
  'call.noTool': 'No tool named {{tool}} is available.',
  'call.serverGone': 'The server "{{server}}" is no longer configured.',
  'call.toolDisabled': 'The tool {{tool}} of "{{server}}" is disabled.',
  'call.toolDenied': 'The tool {{tool}} of "{{server}}" is set to never run.',
  'call.notReady': 'The server "{{server}}" is not ready yet (see its state in Servers).',
  'call.cancelledBefore': 'The call was cancelled before it started.',
  'call.cancelled': 'The call was cancelled.',
  'call.timeout': 'The tool did not answer within {{seconds}} s (the timer restarts whenever the server reports progress).',

  // MCP Apps: an app's own refusals (its calls to tools share the registry's call.* refusals with the model's).
  'apps.modelOnly': 'The tool "{{tool}}" is for the model only; its server did not allow apps to call it.',
  'apps.stoppedBeforeApproval': 'The chat was stopped before the call was approved.',
  'apps.notUiUri': 'An app resource must be a ui:// URI, not "{{uri}}".',
  'apps.nothingReturned': 'The server returned nothing for {{uri}}.',
  'apps.notHtml': '{{uri}} is {{mimeType}}, not {{expected}}.',
  'apps.noHtml': '{{uri}} has no HTML content.',
  'apps.tooLarge': '{{uri}} is larger than {{megabytes}} MB.',
  'apps.contextTooLong': "The app's context is {{length}} characters; at most {{max}} are kept for the model.",
  'apps.notOwnCard': 'No tool call {{toolCallId}} of "{{server}}" in this chat: an app may only set the context of its own card.',
  // Chats: refusals of the chat calls and errors an answer or a tool card ends with.
  'chat.notFound': 'Chat {{chatId}} does not exist (it may have been deleted).',
  'chat.busy': 'This chat is still answering. Wait for it to finish or press Stop first.',
  'chat.attachmentUnreadable': 'The attachment {{uri}} could not be read from {{server}}: {{reason}}',
  'chat.attachmentRefused': 'The attachment {{uri}} could not be read from {{server}}: $t(hostMessages:{{reasonCode}})',
  'chat.badCursor': 'before: not a cursor from chats.get',
  'chat.emptyMessage': 'text: write a message or attach a resource',
  'chat.nothingToRetry': 'Nothing to retry: the last answer did not fail. Send a new message, or use Continue.',
  'chat.nothingToContinue': 'Nothing to continue: this chat has no messages yet.',
  'chat.approvalGone': 'This approval is no longer pending: it was answered already, or its chat was stopped.',
  'chat.alwaysNotSaved': 'The call runs, but "always allow" could not be saved: {{reason}}',
  'chat.interrupted': 'Switchboard closed while this answer was being written. What arrived before is kept; press Retry to ask again.',
  'chat.storage': 'Chat history could not be read or written ({{reason}}). Check free disk space and the data folder.',
  'search.indexFailed': 'Older messages could not be indexed for search ({{reason}}). Search still finds their text, more slowly; restart Switchboard to try again.',
  'chat.unexpected': 'The answer stopped because of an unexpected problem ({{reason}}). What arrived is kept; press Retry.',
  'chat.notRun': 'Not run: the answer ended before the tool call could be made.',
  'chat.toolUnavailable': 'The tool "{{tool}}" is not available (its server may be stopped, disabled or removed).',
  'chat.toolDeclined': 'The user declined to run this tool call.',
  'chat.badToolInput': 'The model sent tool arguments that are not valid JSON; the tool was not run.',
  'branch.messageGone': 'This message no longer exists (it may have been deleted).',
  'branch.editOwnOnly': 'Only your own messages can be edited.',
  'branch.regenerateRepliesOnly': 'Only replies can be regenerated.',
  'branch.emptyMessage': 'text: write a message',
  'scope.chatGone': 'This chat no longer exists.',
  'scope.outOfScope': "The tool \"{{tool}}\" is not in this chat's tool scope.",
  'settings.saveFailed': 'Settings could not be saved: {{reason}}. Check that the data folder is writable.',
  'settings.fileUnreadable': '{{path}} cannot be read ($t(hostMessages:{{problemCode}})), so Switchboard will not overwrite it. Fix or delete the file, then try again.',
  /** An unreadable settings file's problem in the system's own words (e.g. a permission error), nested above. */
  'settings.readProblem': '{{reason}}',
  'settings.fileUnreadableKept': '{{path}} cannot be read ($t(hostMessages:{{problemCode}})), so Switchboard will not overwrite it. A copy is kept as {{copy}}. Fix or delete the file, then try again.',
  'settings.keyFailed': 'The API key could not be stored: {{reason}}.',
  'context.historyUnreadable': "The chat's history could not be read to prepare the request ({{reason}}). Check free disk space and the data folder, then press Retry.",
  'context.tooLarge':
    'The newest message and its tool results need about {{tokens}} tokens, more than the {{window}}-token context window of {{model}} leaves for input ({{budget}}). Start a new chat, or lower the tool result limit in Settings.',
  'context.cannotFit': 'The request could not be fitted into the {{window}}-token context window of {{model}}.',
  'sampling.gone': 'This sampling request is no longer waiting for an answer',
  // Sign-in calls refused before any sign-in starts, and sign-outs that failed.
  'signIn.noServer': 'No server named {{server}}',
  'signIn.remoteOnly': 'Only remote (HTTP) servers sign in.',
  'signIn.ownHeader': 'This server sends its own Authorization header; remove it from the headers to sign in with OAuth.',
  'signIn.forgetFailed': 'Could not forget the tokens: {{reason}}',
  'signIn.noRedirect': 'Sign-in failed: The authorization server did not ask for a browser sign-in',
  'signIn.codeRejected': 'Sign-in failed: The authorization code was not accepted',
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
