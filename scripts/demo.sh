#!/usr/bin/env bash
# Starts the API on http://localhost:${PORT:-8080} with a "demo" account and prints its API key.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${DATA_DIR:-./data}"
mkdir -p "$DATA_DIR"
if out=$(node bin/reelsmith.js account create --username demo --credits 100 --json 2>/dev/null); then :; else
  out=$(node bin/reelsmith.js key create --username demo --json)
fi
key=$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).api_key)' "$out")
echo "$key" > "$DATA_DIR/demo-api-key"
echo "Demo API key (also in $DATA_DIR/demo-api-key): $key"
echo "API docs: http://localhost:${PORT:-8080}/docs"
exec node bin/reelsmith.js serve
