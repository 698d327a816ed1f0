import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const FLITE_BINARIES = ['/usr/bin/flite', '/usr/local/bin/flite'];

let installed: boolean | undefined;

/** Debian's flite program and its clustergen US male voice (rms) are there (checked once per process). */
export function fliteInstalled(): boolean {
  if (installed === undefined) {
    const bin = FLITE_BINARIES.find((b) => fs.existsSync(b));
    try {
      installed = bin !== undefined && /\brms\b/.test(execFileSync(bin, ['-lv'], { encoding: 'utf8', timeout: 5_000 }));
    } catch {
      installed = false;
    }
  }
  return installed;
}

export const fliteBinary = () => FLITE_BINARIES.find((b) => fs.existsSync(b)) ?? 'flite';
