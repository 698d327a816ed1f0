/**
 * Raw frames with timestamps, as a minimal Matroska stream (pure: bytes only). rawvideo on a pipe
 * has no timestamps, so every frame, changed or not, had to be sent (8 MB at 1080x1920) and
 * converted to YUV again. Wrapped like this, the renderer sends a frame only when it changed,
 * stamped with its frame number; ffmpeg (`-fps_mode cfr -r fps` on the output) repeats the last
 * frame over the gap after conversion, so the MP4 still has every frame at a constant rate.
 *
 * Layout: EBML header, a Segment of unknown size (streamed), Info (timestamps in ms), one video
 * track (`V_UNCOMPRESSED`, ColourSpace fourcc `RGBA` or `I420`: ffmpeg's rawvideo decoder reads it
 * as rgba or yuv420p),
 * then one Cluster per frame holding its absolute timestamp and one SimpleBlock with the pixels.
 * Millisecond timestamps are round(frame × 1000 / fps); ffmpeg maps them back to the nearest
 * output frame (the rounding is at most half a millisecond, under 2 % of a frame at 30 fps).
 */

/** An EBML element ID as its bytes (IDs carry their own length marker). */
function id(n: number): Buffer {
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from(bytes);
}

/** An element's data size as an 8-byte EBML variable-length integer. */
function size8(n: number): Buffer {
  const b = Buffer.alloc(8);
  b[0] = 0x01;
  b.writeUIntBE(n, 2, 6);
  return b;
}

/** The 8-byte "unknown size" (a streamed element, ended by the stream's end). */
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

function el(elementId: number, payload: Buffer): Buffer {
  return Buffer.concat([id(elementId), size8(payload.length), payload]);
}

function uint(elementId: number, v: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(v));
  return el(elementId, b);
}

const str = (elementId: number, s: string): Buffer => el(elementId, Buffer.from(s, 'ascii'));

const ID = {
  EBML: 0x1a45dfa3, EBMLVersion: 0x4286, EBMLReadVersion: 0x42f7, EBMLMaxIDLength: 0x42f2, EBMLMaxSizeLength: 0x42f3,
  DocType: 0x4282, DocTypeVersion: 0x4287, DocTypeReadVersion: 0x4285,
  Segment: 0x18538067, Info: 0x1549a966, TimestampScale: 0x2ad7b1, MuxingApp: 0x4d80, WritingApp: 0x5741,
  Tracks: 0x1654ae6b, TrackEntry: 0xae, TrackNumber: 0xd7, TrackUID: 0x73c5, TrackType: 0x83, FlagLacing: 0x9c,
  CodecID: 0x86, DefaultDuration: 0x23e383, Video: 0xe0, PixelWidth: 0xb0, PixelHeight: 0xba, ColourSpace: 0x2eb524,
  Cluster: 0x1f43b675, Timestamp: 0xe7, SimpleBlock: 0xa3,
} as const;

/** Everything before the first frame: EBML header, the Segment's start, Info and the one track. */
export function mkvHeader(width: number, height: number, fps: number, pixFmt: 'rgba' | 'yuv420p' = 'rgba'): Buffer {
  const ebml = el(ID.EBML, Buffer.concat([
    uint(ID.EBMLVersion, 1), uint(ID.EBMLReadVersion, 1), uint(ID.EBMLMaxIDLength, 4), uint(ID.EBMLMaxSizeLength, 8),
    str(ID.DocType, 'matroska'), uint(ID.DocTypeVersion, 4), uint(ID.DocTypeReadVersion, 2),
  ]));
  const info = el(ID.Info, Buffer.concat([uint(ID.TimestampScale, 1_000_000), str(ID.MuxingApp, 'reelsmith'), str(ID.WritingApp, 'reelsmith')]));
  const track = el(ID.TrackEntry, Buffer.concat([
    uint(ID.TrackNumber, 1), uint(ID.TrackUID, 1), uint(ID.TrackType, 1), uint(ID.FlagLacing, 0),
    str(ID.CodecID, 'V_UNCOMPRESSED'), uint(ID.DefaultDuration, Math.round(1e9 / fps)),
    el(ID.Video, Buffer.concat([uint(ID.PixelWidth, width), uint(ID.PixelHeight, height), el(ID.ColourSpace, Buffer.from(pixFmt === 'yuv420p' ? 'I420' : 'RGBA', 'ascii'))])),
  ]));
  return Buffer.concat([ebml, id(ID.Segment), UNKNOWN_SIZE, info, el(ID.Tracks, track)]);
}

/** A frame's timestamp in the stream's milliseconds. */
export const frameMs = (frame: number, fps: number): number => Math.round((frame * 1000) / fps);

/**
 * The bytes that go before a frame's `frameBytes` pixels: a Cluster at the frame's timestamp
 * holding one keyframe SimpleBlock. Written, then the pixel buffer itself (no copy).
 */
export function mkvFrameHeader(frame: number, fps: number, frameBytes: number): Buffer {
  const ts = uint(ID.Timestamp, frameMs(frame, fps));
  // SimpleBlock payload: track number 1 (vint 0x81), int16 timestamp relative to the cluster (0), flags (keyframe).
  const blockHead = Buffer.from([0x81, 0x00, 0x00, 0x80]);
  const blockSize = blockHead.length + frameBytes;
  const block = Buffer.concat([id(ID.SimpleBlock), size8(blockSize), blockHead]);
  const clusterSize = ts.length + block.length + frameBytes;
  return Buffer.concat([id(ID.Cluster), size8(clusterSize), ts, block]);
}
