// The streams an upload passes through on its way to S3: nothing here buffers
// the file, and each one fails the whole upload (the caller then removes the
// S3 object) with an AppError the client sees.
import { type Readable, Transform, type TransformCallback } from "node:stream";
import { incomplete, tooLarge, unsupportedType, uploadTimeout } from "./messages.js";
import { centralDirectoryNames, isOoxmlPackage, ZIP_TAIL_BYTES } from "./zip.js";

export interface UploadTimeouts {
  /** No byte from the client for this long stops the upload (408). */
  idleMs: number;
  /** The whole body taking longer than this stops the upload (408). */
  totalMs: number;
}

/** As config.ts defaults UPLOAD_IDLE_TIMEOUT_MS and UPLOAD_TIMEOUT_MS. */
export const DEFAULT_UPLOAD_TIMEOUTS: UploadTimeouts = { idleMs: 30_000, totalMs: 50_000 };

/**
 * Counts the bytes against the declared length (more is a 413, fewer a 400) and
 * stops a body that stalls or drags on (408). The timers run from creation, so
 * create it when the body starts being read.
 */
export class UploadGuard extends Transform {
  private seen = 0;
  private readonly idle: NodeJS.Timeout;
  private readonly total: NodeJS.Timeout;

  /**
   * `declared` is a raw body's Content-Length, which the body must match exactly; null for a
   * multipart form's file part, whose size is only known at its end: then at most `max` bytes.
   */
  constructor(
    private readonly declared: number | null,
    timeouts: UploadTimeouts,
    private readonly max = declared ?? 0,
  ) {
    super();
    const stop = () => this.destroy(uploadTimeout());
    this.idle = setTimeout(stop, timeouts.idleMs).unref();
    this.total = setTimeout(stop, timeouts.totalMs).unref();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > (this.declared ?? this.max)) return cb(tooLarge());
    this.idle.refresh();
    cb(null, chunk);
  }

  override _flush(cb: TransformCallback) {
    this.stopTimers();
    cb(this.declared !== null && this.seen < this.declared ? incomplete() : null);
  }

  /** The bytes that have passed so far (the size, once the body has ended). */
  get size() {
    return this.seen;
  }

  override _destroy(err: Error | null, cb: (error?: Error | null) => void) {
    this.stopTimers();
    cb(err);
  }

  private stopTimers() {
    clearTimeout(this.idle);
    clearTimeout(this.total);
  }
}

/**
 * Pipes the request body into `into` without ever destroying the request: on a
 * refusal the request is only unpiped, so the error can still be answered on
 * its socket (a destroyed request takes its socket with it). A client that
 * goes away fails `into`.
 */
export function feed(source: Readable, into: Transform) {
  const onError = (err: Error) => into.destroy(err);
  const onClose = () => {
    if (!source.readableEnded) into.destroy(incomplete());
  };
  source.once("error", onError).once("close", onClose);
  into.once("close", () => {
    source.unpipe(into);
    source.off("error", onError).off("close", onClose);
  });
  source.pipe(into);
}

/** Plain text must be UTF-8 throughout (a BOM is fine) and hold no NUL byte. */
export function utf8Check(): Transform {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const check = (fn: () => unknown) => {
    try {
      fn();
      return null;
    } catch {
      return unsupportedType();
    }
  };
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      if (chunk.includes(0)) return cb(unsupportedType());
      cb(
        check(() => decoder.decode(chunk, { stream: true })),
        chunk,
      );
    },
    flush(cb) {
      cb(check(() => decoder.decode()));
    },
  });
}

/**
 * An Office Open XML file must be a ZIP whose central directory names
 * `[Content_Types].xml` and a part in the format's folder (word/, xl/, ppt/):
 * a ZIP renamed .docx is refused. Keeps only the file's last bytes.
 */
export function ooxmlCheck(ext: string): Transform {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      total += chunk.length;
      kept.push(chunk);
      keptBytes += chunk.length;
      while (kept.length > 1 && keptBytes - (kept[0] as Buffer).length >= ZIP_TAIL_BYTES)
        keptBytes -= (kept.shift() as Buffer).length;
      cb(null, chunk);
    },
    flush(cb) {
      const all = Buffer.concat(kept);
      const tail = all.subarray(Math.max(0, all.length - ZIP_TAIL_BYTES));
      const names = centralDirectoryNames(tail, total);
      cb(names && isOoxmlPackage(names, ext) ? null : unsupportedType());
    },
  });
}
