import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baselineEncodeArgs, decodeClipArgs, encodeArgs } from '../src/pipeline/render/ffmpeg-args.ts';
import { frameMs, mkvFrameHeader, mkvHeader } from '../src/pipeline/render/mkv-frames.ts';

/** The value following a flag (the first occurrence). */
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('ffmpeg command lines (data)', () => {
  it('pipe raw RGBA frames of the exact size and rate, then the narration', () => {
    const a = encodeArgs({ width: 1080, height: 1920, fps: 30, frames: 451, audioPath: '/w/mix.m4a', outPath: '/w/video.mp4' });
    const i = a.indexOf('rawvideo');
    assert.deepEqual(a.slice(i - 1, i + 9), ['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', '1080x1920', '-r', '30', '-i', 'pipe:0']);
    assert.deepEqual(a.slice(i + 9, i + 11), ['-i', '/w/mix.m4a']);
    assert.deepEqual(a.slice(a.indexOf('-map'), a.indexOf('-map') + 4), ['-map', '0:v:0', '-map', '1:a:0']);
    assert.equal(a[a.length - 1], '/w/video.mp4');
  });

  it('timed frames: Matroska from the pipe, converted first, then the fps filter fills the gaps; a small read-ahead queue', () => {
    const a = encodeArgs({ width: 1080, height: 1920, fps: 30, frames: 451, audioPath: '/w/mix.wav', outPath: '/w/video.mp4', timed: true });
    assert.deepEqual(a.slice(a.indexOf('matroska') - 3, a.indexOf('matroska') + 3), ['-thread_queue_size', '2', '-f', 'matroska', '-i', 'pipe:0']);
    assert.ok(!a.includes('rawvideo'));
    assert.equal(after(a, '-vf'), 'scale=out_color_matrix=bt601:out_range=tv,format=yuv420p,fps=30');
    assert.equal(after(a, '-t'), (451 / 30).toFixed(6));
    const raw = encodeArgs({ width: 1080, height: 1920, fps: 30, frames: 451, audioPath: '/w/mix.wav', outPath: '/w/video.mp4' });
    assert.doesNotMatch(after(raw, '-vf')!, /fps=/);
  });

  it('timed frames at variable timing (vfr): no fps filter, each frame kept at its slot on a 1/fps grid; constant rate otherwise', () => {
    const a = encodeArgs({ width: 1080, height: 1920, fps: 30, frames: 451, audioPath: '/w/mix.wav', outPath: '/w/video.mp4', pixFmt: 'yuv420p', timed: true, vfr: true });
    assert.ok(!a.includes('-vf'), 'no fps filter');
    assert.equal(after(a, '-fps_mode'), 'vfr');
    assert.equal(after(a, '-r'), '30');
    assert.ok(a.indexOf('-r') > a.indexOf('pipe:0'), '-r is an output option');
    const rgba = encodeArgs({ width: 1080, height: 1920, fps: 30, frames: 451, audioPath: '/w/mix.wav', outPath: '/w/video.mp4', timed: true, vfr: true });
    assert.equal(after(rgba, '-vf'), 'scale=out_color_matrix=bt601:out_range=tv,format=yuv420p');
    const cfr = encodeArgs({ width: 1080, height: 1920, fps: 30, frames: 451, audioPath: '/w/mix.wav', outPath: '/w/video.mp4', pixFmt: 'yuv420p', timed: true });
    assert.ok(!cfr.includes('-fps_mode'));
  });

  it('timed frames as Matroska bytes: EBML header with an RGBA V_UNCOMPRESSED track, one cluster per frame sized to its pixels', () => {
    const h = mkvHeader(64, 48, 30);
    assert.equal(h.readUInt32BE(0), 0x1a45dfa3);
    assert.ok(h.includes(Buffer.from('V_UNCOMPRESSED')) && h.includes(Buffer.from('RGBA')) && h.includes(Buffer.from('matroska')));
    const fh = mkvFrameHeader(451, 30, 64 * 48 * 4);
    assert.equal(fh.readUInt32BE(0), 0x1f43b675);
    // Cluster size (8-byte vint after the 4-byte ID) covers the rest of the header and the pixels.
    assert.equal(fh.readUIntBE(6, 6), fh.length - 12 + 64 * 48 * 4);
    assert.equal(frameMs(451, 30), 15033);
    assert.equal(frameMs(1, 30), 33);
    // The cluster's timestamp element (0xE7, 8-byte size, 8-byte value) holds the frame's ms.
    const ts = fh.indexOf(0xe7, 12);
    assert.equal(Number(fh.readBigUInt64BE(ts + 9)), 15033);
  });

  it('encode H.264 high profile, superfast, CRF 24, yuv420p BT.601 (sRGB primaries), keyframes every 2 s, AAC 160k, faststart', () => {
    const a = encodeArgs({ width: 1920, height: 1080, fps: 25, frames: 100, audioPath: '/a.wav', outPath: '/o.mp4' });
    assert.equal(after(a, '-c:v'), 'libx264');
    assert.equal(after(a, '-preset'), 'superfast');
    assert.equal(after(a, '-crf'), '24');
    assert.equal(after(a, '-pix_fmt'), 'rgba');
    assert.equal(a[a.lastIndexOf('-pix_fmt') + 1], 'yuv420p');
    assert.equal(after(a, '-profile:v'), 'high');
    assert.equal(after(a, '-g'), '50');
    assert.equal(after(a, '-colorspace'), 'smpte170m');
    assert.equal(after(a, '-color_primaries'), 'bt709');
    assert.equal(after(a, '-color_trc'), 'bt709');
    assert.equal(after(a, '-c:a'), 'aac');
    assert.equal(after(a, '-b:a'), '160k');
    assert.equal(after(a, '-movflags'), '+faststart');
    assert.match(after(a, '-vf')!, /out_color_matrix=bt601/);
  });

  it('yuv420p frames made on the Node side: read as yuv420p, not converted again, tagged as RGBA input is', () => {
    const raw = encodeArgs({ width: 1080, height: 1920, fps: 30, frames: 451, audioPath: '/a.wav', outPath: '/o.mp4', pixFmt: 'yuv420p' });
    const i = raw.indexOf('rawvideo');
    assert.deepEqual(raw.slice(i - 1, i + 9), ['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', '1080x1920', '-r', '30', '-i', 'pipe:0']);
    assert.ok(!raw.includes('-vf'), 'no filter: nothing to convert');
    const timed = encodeArgs({ width: 1080, height: 1920, fps: 30, frames: 451, audioPath: '/a.wav', outPath: '/o.mp4', pixFmt: 'yuv420p', timed: true });
    assert.equal(after(timed, '-vf'), 'fps=30');
    const rgba = encodeArgs({ width: 1080, height: 1920, fps: 30, frames: 451, audioPath: '/a.wav', outPath: '/o.mp4' });
    const tags = (x: string[]) => x.slice(x.indexOf('-colorspace'), x.indexOf('-color_range') + 2);
    assert.deepEqual(tags(raw), tags(rgba));
    assert.ok(mkvHeader(64, 48, 30, 'yuv420p').includes(Buffer.from('I420')));
    const b = baselineEncodeArgs(1080, 1920, 30, '/b.mp4', undefined, 'yuv420p');
    assert.equal(after(b, '-pix_fmt'), 'yuv420p');
    assert.ok(!b.includes('-vf'));
  });

  it('make audio exactly as long as the frames: padded with silence, cut at frames / fps', () => {
    const a = encodeArgs({ width: 270, height: 480, fps: 30, frames: 451, audioPath: '/a.wav', outPath: '/o.mp4' });
    assert.equal(after(a, '-t'), (451 / 30).toFixed(6));
    assert.equal(after(a, '-af'), `apad,atrim=0:${(451 / 30).toFixed(6)}`);
  });

  it('use a silent track when there is no narration audio', () => {
    const a = encodeArgs({ width: 270, height: 480, fps: 30, frames: 30, audioPath: null, outPath: '/o.mp4' });
    assert.deepEqual(a.slice(a.indexOf('lavfi') - 1, a.indexOf('lavfi') + 3), ['-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000']);
  });

  it('share the video encoder settings with the encode-only baseline', () => {
    const r = encodeArgs({ width: 1080, height: 1920, fps: 30, frames: 30, audioPath: null, outPath: '/o.mp4' });
    const b = baselineEncodeArgs(1080, 1920, 30, '/b.mp4');
    const codec = (x: string[]) => x.slice(x.indexOf('-c:v'), x.indexOf('-color_range') + 2);
    assert.deepEqual(codec(b), codec(r));
    assert.equal(after(b, '-vf'), after(r, '-vf'));
    assert.ok(!b.includes('-c:a'));
  });

  it('decode a product clip looped from an offset, trimmed, at the output rate and box size', () => {
    const a = decodeClipArgs({ path: '/c.mp4', offsetS: 2.5, durationS: 3.2, width: 540, height: 960, fps: 30, fit: 'cover' });
    assert.deepEqual(a.slice(a.indexOf('-stream_loop'), a.indexOf('-stream_loop') + 6), ['-stream_loop', '-1', '-ss', '2.500', '-i', '/c.mp4']);
    assert.equal(after(a, '-t'), '3.200');
    assert.match(after(a, '-vf')!, /^fps=30,scale=540:960:force_original_aspect_ratio=increase.*crop=540:960,format=rgba$/);
    assert.deepEqual(a.slice(-5), ['-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1']);
  });
});
