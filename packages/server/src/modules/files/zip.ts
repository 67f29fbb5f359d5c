// Just enough of the ZIP format (APPNOTE 4.3) to tell an Office document from
// any other ZIP: the names in its central directory, read from the file's end.
// The central directory is what ZIP readers (Office included) trust; the order
// of the local headers at the start differs between writers, so it is not used.

/** The last bytes of an upload kept for the check: the end record and a central directory of ~1,500 parts. */
export const ZIP_TAIL_BYTES = 128 * 1024;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;

/**
 * The entry names of a ZIP whose last `tail.length` bytes (of `total`) are given,
 * or null when the tail does not end with one whole, single-disk, non-ZIP64
 * central directory and end record.
 */
export function centralDirectoryNames(tail: Buffer, total: number): string[] | null {
  let end = -1;
  for (let i = tail.length - EOCD_SIZE; i >= 0 && i >= tail.length - EOCD_SIZE - 0xffff; i--) {
    // The end record is the last thing in the file: its comment runs exactly to the end.
    if (tail.readUInt32LE(i) === EOCD && i + EOCD_SIZE + tail.readUInt16LE(i + 20) === tail.length) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const disk = tail.readUInt16LE(end + 4);
  const cdDisk = tail.readUInt16LE(end + 6);
  const onDisk = tail.readUInt16LE(end + 8);
  const count = tail.readUInt16LE(end + 10);
  const size = tail.readUInt32LE(end + 12);
  const offset = tail.readUInt32LE(end + 16);
  // Multi-disk archives and ZIP64 (0xFFFF / 0xFFFFFFFF markers) are not Office documents of 10 MB.
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count || count === 0xffff || offset === 0xffffffff)
    return null;
  const start = offset - (total - tail.length);
  if (start < 0 || start + size !== end) return null;

  const names: string[] = [];
  let p = start;
  for (let k = 0; k < count; k++) {
    if (p + CENTRAL_SIZE > end || tail.readUInt32LE(p) !== CENTRAL) return null;
    const nameLength = tail.readUInt16LE(p + 28);
    const next = p + CENTRAL_SIZE + nameLength + tail.readUInt16LE(p + 30) + tail.readUInt16LE(p + 32);
    if (next > end) return null;
    names.push(tail.toString("latin1", p + CENTRAL_SIZE, p + CENTRAL_SIZE + nameLength));
    p = next;
  }
  return p === end ? names : null;
}

/** The folder of the main part of each Office Open XML format (ECMA-376 part 2). */
const OOXML_FOLDERS: Record<string, string> = { docx: "word/", xlsx: "xl/", pptx: "ppt/" };

/** An OOXML package names its content types and has parts in its format's folder. */
export function isOoxmlPackage(names: string[], ext: string): boolean {
  const folder = OOXML_FOLDERS[ext];
  return (
    folder !== undefined && names.includes("[Content_Types].xml") && names.some((n) => n.startsWith(folder))
  );
}
