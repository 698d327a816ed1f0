#!/usr/bin/env bash
# One-time setup on a fresh Debian machine with Node.js 20 and npm: the system packages the
# project needs, then the npm packages.
#   g++ make python3   better-sqlite3 compiles from source (no reachable prebuilt binary)
#   ffmpeg             probing product videos, encoding and mixing
#   espeak-ng, libespeak-ng1   offline speech with word and phoneme timings (library API via FFI)
#   festival, festvox-us-slt-hts   Festival with the HTS US English voice (word/phoneme timings from the utterance)
#   flite                    Flite's clustergen US male voice (rms), default for male English presenters
#   fonts-noto-core fonts-noto-cjk   text in every script of the 54 languages
#   chromium           the browser of the dashboard's end-to-end test (driven by playwright-core)
#   libyuv0            RGBA → yuv420p of rendered frames on the Node side (via koffi; render/yuv.ts)
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(g++ make python3 ffmpeg espeak-ng libespeak-ng1 festival festvox-us-slt-hts flite fonts-noto-core fonts-noto-cjk chromium libyuv0)
need=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if ((${#need[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
fi
# npm install (not npm ci): the registry serves no builds of some optional platform packages
# (@napi-rs/canvas for other OSes), which npm ci counts as a lock mismatch; npm install
# installs exactly the locked versions and skips optional packages it cannot get.
npm install --no-fund --no-audit
# The web dashboard (web/dashboard/ → dist/dashboard/, not committed): served by `reelsmith serve` at /.
npm run build:dashboard
