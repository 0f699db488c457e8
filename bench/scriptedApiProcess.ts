/**
 * The scripted Messages API in a process of its own, as the real API is never in the host's process: work the host
 * does while a request is in flight then overlaps the API's work instead of delaying it on one thread. Run as a
 * script it is the child (argv: events' delay in ms; stdin: the script as JSON, replayed in a loop); imported, it
 * starts that child and returns its URL.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { ScriptTurn } from '../tests/fixtures/scriptedLlm/index.ts';

/** A scripted API the bench can point both sides at. */
export interface ScriptedApi {
  url: string;
  /** The next conversation's script (a no-op for the child, which replays its one script in a loop). */
  setScript(turns: ScriptTurn[]): void;
  close(): Promise<void>;
}

/** Starts the scripted API in a child process replaying `script` in a loop, each SSE event `eventDelayMs` apart. */
export async function startScriptedApiProcess(script: ScriptTurn[], eventDelayMs: number): Promise<ScriptedApi> {
  const child = spawn(process.execPath, [import.meta.filename, String(eventDelayMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(script));
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const url = String(line).trim();
  if (!url.startsWith('http://127.0.0.1:')) throw new Error(`scripted API process said: ${url}`);
  return {
    url,
    setScript: () => {},
    close: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

if (process.argv[1] === import.meta.filename) {
  const { startScriptedLlm } = await import('../tests/fixtures/scriptedLlm/index.ts');
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  const llm = await startScriptedLlm({ apiKey: 'sk-test', eventDelayMs: Number(process.argv[2] ?? 0), script: JSON.parse(input) as ScriptTurn[], loop: true });
  process.stdout.write(`${llm.url}\n`);
  process.on('SIGTERM', () => void llm.close().then(() => process.exit(0)));
}
