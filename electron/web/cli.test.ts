import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { frameText } from './socketBridge.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const memory = path.join(root, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');

/** Pids of every process below `pid` (Linux `ps`). */
function descendants(pid: number): number[] {
  const out = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout;
  const children = new Map<number, number[]>();
  for (const line of out.trim().split('\n')) {
    const [p, pp] = line.trim().split(/\s+/).map(Number);
    if (p === undefined || pp === undefined) continue;
    children.set(pp, [...(children.get(pp) ?? []), p]);
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm run web', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-web-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints a tokened 127.0.0.1 URL, serves the real host, and SIGTERM ends it with every server process', async () => {
    const child = spawn(process.execPath, [path.join(root, 'electron/web/cli.ts'), '--data-dir', dataDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}/.exec(output);
          if (match) resolve(match[0]);
        });
        child.once('exit', () => reject(new Error(`web mode exited early: ${output}`)));
      });
      const parsed = new URL(url);
      const ws = new WebSocket(`ws://${parsed.host}/ws?token=${parsed.searchParams.get('token')}`);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const answers = new Map<number, (value: Record<string, unknown>) => void>();
      const statuses: string[] = [];
      ws.on('message', (data) => {
        const message = JSON.parse(frameText(data)) as { id?: number; event?: string; payload?: { changed: { id: string; status: { state: string } }[] } };
        if (message.id !== undefined) answers.get(message.id)?.(message);
        if (message.event === 'servers.changed') for (const s of message.payload?.changed ?? []) statuses.push(`${s.id}:${s.status.state}`);
      });
      const call = (id: number, name: string, params: unknown) =>
        new Promise<Record<string, unknown>>((resolve) => {
          answers.set(id, resolve);
          ws.send(JSON.stringify({ id, call: name, params }));
        });

      expect(await call(1, 'app.info', {})).toMatchObject({ result: { ok: true, value: { mode: 'web', dataDir } } });
      expect(await call(2, 'servers.add', { name: 'memory', config: { command: process.execPath, args: [memory] } })).toMatchObject({ result: { ok: true } });
      await expect.poll(() => statuses.includes('memory:ready'), { timeout: 30_000 }).toBe(true);
      const servers = descendants(child.pid ?? 0);
      expect(servers.length).toBeGreaterThan(0);
      ws.close();

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await expect.poll(() => servers.filter(alive), { timeout: 10_000 }).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('explains its flags on --help', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'electron/web/cli.ts'), '--help'], { encoding: 'utf8' });
    expect(result.stdout).toContain('--port N');
    expect(result.stdout).toContain('--data-dir PATH');
    expect(result.status).toBe(0);
    expect(spawnSync(process.execPath, [path.join(root, 'electron/web/cli.ts'), '--port', 'eighty'], { encoding: 'utf8' }).status).toBe(2);
  });
});
