#!/usr/bin/env bash
# One-time setup on a fresh Debian machine with Node.js 20 and npm: the system packages the
# project needs (a C++ toolchain: better-sqlite3 compiles from source; ffmpeg for probing and
# encoding media), then the npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v g++ >/dev/null || need+=(g++)
command -v make >/dev/null || need+=(make)
command -v python3 >/dev/null || need+=(python3)
command -v ffprobe >/dev/null || need+=(ffmpeg)
if ((${#need[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
fi
npm ci --no-fund --no-audit
