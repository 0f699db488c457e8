import { describe, expect, it } from 'vitest';
import { BundleOpener, bundlePathsIn } from './bundleOpener.ts';

describe('bundle files handed to the desktop app', () => {
  it('finds .mcpb paths on a command line, skipping flags and the app itself', () => {
    expect(bundlePathsIn(['/opt/Switchboard/switchboard', '--no-sandbox', '/home/me/Downloads/hello.MCPB', 'notes.txt'])).toEqual(['/home/me/Downloads/hello.MCPB']);
  });

  it('holds files opened before the window is ready and delivers them once it is, then at once', () => {
    const delivered: string[] = [];
    const opener = new BundleOpener((path) => delivered.push(path));
    opener.open('/a.mcpb');
    opener.open('/b.mcpb');
    expect(delivered).toEqual([]);
    opener.windowReady();
    expect(delivered).toEqual(['/a.mcpb', '/b.mcpb']);
    opener.open('/c.mcpb');
    expect(delivered).toEqual(['/a.mcpb', '/b.mcpb', '/c.mcpb']);
  });
});
