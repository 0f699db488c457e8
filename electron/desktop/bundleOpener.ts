/**
 * .mcpb files the OS asks the app to open (macOS: the open-file event; Windows and Linux: a path on the command line of
 * the first or a second instance), held until the window can take them, then handed to the renderer one by one.
 */

/** The .mcpb paths among command-line arguments (flags and the app's own path are skipped). */
export function bundlePathsIn(argv: readonly string[]): string[] {
  return argv.filter((arg) => !arg.startsWith('-') && /\.mcpb$/i.test(arg));
}

/** Queues bundle paths until the window is ready. */
export class BundleOpener {
  private readonly pending: string[] = [];
  private ready = false;
  private readonly deliver: (path: string) => void;

  constructor(deliver: (path: string) => void) {
    this.deliver = deliver;
  }

  /** A file to open: delivered now when the window is ready, else when it becomes so. */
  open(path: string): void {
    if (this.ready) this.deliver(path);
    else this.pending.push(path);
  }

  /** The window has loaded the app: hand over everything queued. */
  windowReady(): void {
    this.ready = true;
    for (const path of this.pending.splice(0)) this.deliver(path);
  }
}
