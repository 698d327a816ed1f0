/**
 * Memory that preparing a video leaves behind, given back before its frames are drawn
 * (docs/rendering.md "Peak memory"). Decoding and resizing the product images (sharp, libvips)
 * leaves libvips' operation cache full of decoded pixels (up to its 50 MB) and glibc's arenas full
 * of freed chunks that glibc keeps for reuse (after a large free its mmap threshold rises, so
 * buffers of a few MB come from the arenas too). Neither is used while drawing, and both sat
 * through the render's peak: the cache is emptied (its limits kept, so it fills again for the next
 * video's images) and `malloc_trim(0)` hands the arenas' free pages back to the kernel.
 */
import koffi from 'koffi';
import sharp from 'sharp';

let trim: ((pad: number) => number) | null | undefined;

function mallocTrim(): ((pad: number) => number) | null {
  if (trim !== undefined) return trim;
  try {
    trim = koffi.load('libc.so.6').func('malloc_trim', 'int', ['size_t']) as (pad: number) => number;
  } catch {
    trim = null; // not glibc (musl, macOS): nothing to trim this way
  }
  return trim;
}

/** Empties libvips' cache and returns glibc's free pages to the kernel; a few ms. Safe at any time (other work only loses cached results). */
export function releasePreparedMemory(): void {
  const { memory, files, items } = sharp.cache();
  sharp.cache(false);
  sharp.cache({ memory: memory.max, files: files.max, items: items.max });
  mallocTrim()?.(0);
}
