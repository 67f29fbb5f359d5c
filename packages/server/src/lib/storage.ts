// Object storage speaks only S3, so s3rver (local), MinIO (compose) and any
// cloud S3 work the same. Keys are opaque: never built from user input.
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Config } from "../config.js";

export interface StoredObject {
  body: Readable;
  contentType: string | undefined;
  contentLength: number | undefined;
}

/** A chunk that alone owns its memory (a whole ArrayBuffer), as Node's HTTP parser hands body chunks over. */
const ownsItsMemory = (chunk: unknown): chunk is Buffer =>
  Buffer.isBuffer(chunk) &&
  chunk.byteOffset === 0 &&
  chunk.buffer.byteLength === chunk.length &&
  chunk.length > 0;

/** Frees a chunk's memory now (detaching its ArrayBuffer: the chunk reads as empty from then on). */
function release(chunk: Buffer) {
  try {
    (chunk.buffer as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
  } catch {
    // Not detachable: the garbage collector frees it, as any other.
  }
}

/**
 * For Storage.put's streamed body, when nothing else holds its chunks: each chunk's memory is
 * freed as soon as the socket to S3 has taken it, instead of waiting for the garbage collector.
 * An upload's body arrives as thousands of fresh 64 KiB buffers; left to the collector they pile
 * up as memory outside the heap until each 64 MB of them forces a full collection of the whole
 * heap, which cost the API a third of its CPU time and tens of MB of RSS while streaming
 * (docs/decisions/0036-upload-path.md). The SDK pipes the body into its request, so the hook is
 * there: that request's writes get a callback, called once the socket has the bytes. Should the
 * SDK ever send the body some other way, nothing is released and the collector frees it as before.
 */
export function releaseOnceSent<T extends Readable>(body: T): T {
  const pipe = body.pipe.bind(body);
  body.pipe = <D extends NodeJS.WritableStream>(dest: D, options?: { end?: boolean }): D => {
    const write = dest.write.bind(dest) as (chunk: unknown, ...rest: unknown[]) => boolean;
    dest.write = ((chunk: unknown, ...rest: unknown[]) =>
      rest.length === 0 && ownsItsMemory(chunk)
        ? write(chunk, (err?: Error | null) => {
            if (!err) release(chunk);
          })
        : write(chunk, ...rest)) as D["write"];
    return pipe(dest, options);
  };
  return body;
}

export class Storage {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(cfg: Config["s3"]) {
    this.bucket = cfg.bucket;
    this.client = new S3Client({
      endpoint: cfg.endpoint,
      region: cfg.region,
      forcePathStyle: cfg.forcePathStyle,
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  /** A fresh opaque key under a prefix naming the kind of object. */
  static newKey(prefix: string) {
    return `${prefix}/${randomUUID()}`;
  }

  /** `abortSignal` ends a streamed put whose body failed (the SDK does not notice a body's error). */
  async put(
    key: string,
    body: Buffer | Readable,
    contentType: string,
    contentLength?: number,
    abortSignal?: AbortSignal,
  ) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: contentLength,
      }),
      { abortSignal },
    );
  }

  /**
   * A body whose size is not known before it ends (a multipart form's file part), of at most
   * `maxBytes`: gathered in memory (as S3's multipart upload would gather 5 MB parts) and sent as
   * one put, so a failed upload never leaves parts behind to clean up.
   */
  async putUnsized(
    key: string,
    body: Readable,
    contentType: string,
    maxBytes: number,
    abortSignal?: AbortSignal,
  ) {
    const abortController = new AbortController();
    abortSignal?.addEventListener("abort", () => abortController.abort(abortSignal.reason), { once: true });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: Math.max(5 * 1024 * 1024, maxBytes + 1),
      queueSize: 1,
      leavePartsOnError: false,
      abortController,
    });
    await upload.done();
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        body: out.Body as Readable,
        contentType: out.ContentType,
        contentLength: out.ContentLength,
      };
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === "NoSuchKey") return null;
      throw err;
    }
  }

  /** The whole object in memory (small objects: images, certificates), or null when absent. */
  async getBytes(key: string): Promise<Buffer | null> {
    const obj = await this.get(key);
    return obj ? buffer(obj.body) : null;
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async ping(abortSignal?: AbortSignal) {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal });
  }

  /**
   * Creates the bucket only when S3 says it does not exist (local servers start empty). Any
   * other failure (403 for wrong credentials, a network error) is thrown as it is: creating a
   * bucket then would hide the real problem or write where we may not.
   */
  async ensureBucket() {
    try {
      await this.ping();
    } catch (err) {
      if (!isMissingBucket(err)) throw err;
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    }
  }
}

/** HeadBucket has no body, so a missing bucket shows as NotFound (404); GetBucket* as NoSuchBucket. */
export function isMissingBucket(err: unknown) {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e?.name === "NotFound" ||
    e?.name === "NoSuchBucket" ||
    e?.Code === "NoSuchBucket" ||
    e?.$metadata?.httpStatusCode === 404
  );
}
