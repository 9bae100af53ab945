import type { FastifyReply } from 'fastify';

/** A download: the bytes with their type, as an attachment under the given file name (RFC 6266). */
export function sendFile(reply: FastifyReply, filename: string, contentType: string, body: Buffer) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'no-store')
    .send(body);
}
