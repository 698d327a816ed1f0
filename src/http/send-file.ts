import fs from 'node:fs';
import type { FastifyReply } from 'fastify';

/** Streams a made-once public file (cover, audition, track) with its length and a day of caching. */
export async function sendFile(reply: FastifyReply, file: string, contentType: string) {
  const stat = await fs.promises.stat(file);
  return reply.type(contentType).header('content-length', stat.size).header('cache-control', 'public, max-age=86400').send(fs.createReadStream(file));
}
