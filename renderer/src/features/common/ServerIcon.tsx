/**
 * A server's or a tool's icon, as the host checked it (electron/host/mcp/icons): only raster data: URLs are drawn,
 * so the window never loads a URL a server chose. Without an acceptable icon the fallback (a lucide icon) is shown.
 */
import type { ReactNode } from 'react';
import { ownValue } from '../../../../shared/ownRecord.ts';
import { useStore } from '../../store/index.ts';

// Defence in depth: the host only sends these, but the window draws nothing else even if it did.
const safeDataUrl = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/;

/** True when `src` is a data: URL the window may draw. */
export function isSafeIconSrc(src: string | undefined): src is string {
  return typeof src === 'string' && safeDataUrl.test(src);
}

/** The icon of `toolName` on `serverId` when given and it has one, else the server's icon, else `fallback`. */
export function ServerIcon({ serverId, toolName, size = 16, fallback, className }: { serverId: string; toolName?: string; size?: number; fallback?: ReactNode; className?: string }) {
  const src = useStore((s) => {
    const tool = toolName !== undefined ? ownValue(s.toolsByServer, serverId)?.find((t) => t.toolName === toolName)?.icon : undefined;
    if (tool) return tool;
    const status = s.servers.find((server) => server.id === serverId)?.status;
    return status?.state === 'ready' ? status.icon : undefined;
  });
  if (!isSafeIconSrc(src)) return <>{fallback ?? null}</>;
  return <img src={src} width={size} height={size} alt="" aria-hidden className={className ?? 'server-icon'} data-testid="server-icon" style={{ objectFit: 'contain', borderRadius: 3 }} />;
}
