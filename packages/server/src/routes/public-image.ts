// The answer of a public image call (organisation logos, video thumbnails; ADR 0021): a PNG we
// encoded, cacheable for a day (its address changes with each upload), never sniffed or run.
import type { FastifyReply } from "fastify";

export const sendPublicPng = (reply: FastifyReply, png: Buffer) =>
  reply
    .header("content-type", "image/png")
    .header("content-length", png.length)
    .header("cache-control", "public, max-age=86400")
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .send(png);
