#!/usr/bin/env bash
# Renders resources/icon.svg into every icon the packages need. Needs Debian's librsvg2-bin, icnsutils and icoutils
# (apt-get install librsvg2-bin icnsutils icoutils); the results are committed, so builds do not need these tools.
set -euo pipefail
cd "$(dirname "$0")"
for size in 16 24 32 48 64 128 256 512 1024; do
  rsvg-convert -w "$size" -h "$size" icon.svg -o "icons/${size}x${size}.png"
done
cp icons/1024x1024.png icon.png
# Windows: one .ico with the sizes Explorer and the taskbar pick from.
icotool -c -o icon.ico icons/16x16.png icons/24x24.png icons/32x32.png icons/48x48.png icons/64x64.png icons/128x128.png -r icons/256x256.png
# macOS: png2icns takes the sizes it has slots for (16, 32, 48, 128, 256, 512, 1024).
png2icns icon.icns icons/16x16.png icons/32x32.png icons/48x48.png icons/128x128.png icons/256x256.png icons/512x512.png icons/1024x1024.png >/dev/null
echo "icons written: $(ls icons | tr '\n' ' ')icon.png icon.ico icon.icns"
