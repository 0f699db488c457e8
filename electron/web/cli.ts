/** `npm run web`: starts web mode and prints the tokened URL; Ctrl+C or SIGTERM shuts the host down cleanly. */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { startWebMode } from './startWebMode.ts';

const usage = `Usage: npm run web -- [--port N] [--data-dir PATH] [--open]

  --port N         listen on 127.0.0.1:N (default: a free port)
  --data-dir PATH  where servers, chats and settings live (default: the desktop app's folder)
  --open           open the URL in the default browser`;

function parse(): { port: number; dataDir?: string; open: boolean } | 'help' | undefined {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        open: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) return 'help';
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535, got ${values.port}`);
    return { port, open: values.open, ...(values['data-dir'] ? { dataDir: resolve(values['data-dir']) } : {}) };
  } catch (cause) {
    console.error(cause instanceof Error ? cause.message : String(cause));
    return undefined;
  }
}

async function main(): Promise<void> {
  const args = parse();
  if (args === undefined || args === 'help') {
    console.log(usage);
    process.exitCode = args === 'help' ? 0 : 2;
    return;
  }
  const web = await startWebMode({ port: args.port, openBrowser: args.open, ...(args.dataDir ? { dataDir: args.dataDir } : {}) });
  console.log(`\nSwitchboard web mode is running. Open this link (it carries this run's access token; do not share it):\n\n  ${web.url}\n\nPress Ctrl+C to stop.`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      // A second Ctrl+C means "now": the first one is still closing servers.
      process.exit(130);
    }
    stopping = true;
    console.log(`\n${signal}: stopping servers…`);
    web.close().then(
      () => process.exit(0),
      (cause: unknown) => {
        console.error('Shutdown failed:', cause);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((cause: unknown) => {
  console.error('Web mode failed to start:', cause instanceof Error ? cause.message : cause);
  process.exit(1);
});
