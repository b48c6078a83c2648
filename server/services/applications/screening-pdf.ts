import { createReadStream } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlibConstants, createInflate } from 'node:zlib';

// PDFs with active content (scripts, launch actions, embedded files) are refused: the scan reads the file in chunks
// and looks inside compressed object streams within a bounded budget.

// ---------------------------------------------------------------------------------------------------------------
// PDF active content

/**
 * PDF names that make a viewer run or open something: scripts (document, page and field actions all use /S
 * /JavaScript with /JS), launch actions, embedded files and the actions that open them, Flash/3D, XFA forms (which
 * carry scripts), and actions that send or load data. An /OpenAction is harmless by itself (it usually just sets
 * the zoom); it is refused through the action it names.
 */
export const PDF_ACTIVE_NAMES: ReadonlySet<string> = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'GoToE',
  'GoToR',
  'SubmitForm',
  'ImportData',
]);
// Inside stream data (compressed page content, images, fonts: random-looking bytes) a three-letter name such as /JS
// turns up by chance about once in 30 MB, so only the longer names count there. A script action still needs
// /S /JavaScript, which counts everywhere.
const MIN_NAME_IN_STREAM_DATA = 5;

const SCAN_CHUNK_BYTES = 64 * 1024;
/** Kept before the cursor between chunks, to read the dictionary in front of a `stream` keyword. */
const DICTIONARY_LOOKBACK = 2048;
/** Not scanned until the next chunk arrives (or the file ends): a name or keyword may continue there. */
const TOKEN_MARGIN = 256;
/** Decompressed bytes of object streams examined per file; more is a decompression bomb and is refused. */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
const MAX_OBJECT_STREAMS = 2000;

// A name runs from the slash to the next white-space or delimiter character (ISO 32000-1, 7.2.2 and 7.3.5).
// eslint-disable-next-line no-control-regex
const NAME_RE = /\/([^\x00\t\n\f\r ()<>[\]{}/%]*)/g;
// eslint-disable-next-line no-control-regex
const STREAM_KEYWORD_RE = /(?<=[\x00\t\n\f\r >])stream(?:\r\n|\n|\r)/g;
const FILTER_NAMES = new Set([
  'FlateDecode',
  'Fl',
  'ASCIIHexDecode',
  'AHx',
  'ASCII85Decode',
  'A85',
  'LZWDecode',
  'LZW',
  'RunLengthDecode',
  'RL',
  'CCITTFaxDecode',
  'CCF',
  'DCTDecode',
  'DCT',
  'JBIG2Decode',
  'JPXDecode',
  'Crypt',
]);

/** A name with its #xx escapes decoded: /J#61vaScript is /JavaScript to a viewer, so it is to us. */
export function decodePdfName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The decoded names in `text` from `from` to `to`; answers where the last complete one ends. */
function collectNames(
  text: string,
  range: { from: number; to: number; isLast: boolean },
  onName: (name: string) => void,
): number {
  let reached = range.from;
  NAME_RE.lastIndex = range.from;
  for (let match = NAME_RE.exec(text); match && match.index < range.to; match = NAME_RE.exec(text)) {
    const end = match.index + match[0].length;
    // Touching the end of what has been read: the name may go on in the next chunk, which rescans it.
    if (end >= text.length && !range.isLast) break;
    onName(decodePdfName(match[1] ?? ''));
    reached = end;
  }
  return reached;
}

type ObjectStreamRef = { dataStart: number; filter: 'none' | 'flate' | 'other'; length: number | null };

/** The object stream that a `stream` keyword opens, from the dictionary text in front of it; null for others. */
function objectStreamOf(before: string, dataStart: number): ObjectStreamRef | null {
  const objectStart = before.lastIndexOf('obj');
  const dictionary = objectStart === -1 ? before : before.slice(objectStart + 3);
  const names = new Set<string>();
  collectNames(dictionary, { from: 0, to: dictionary.length, isLast: true }, (name) => names.add(name));
  if (!names.has('ObjStm')) return null;
  const filters = [...names].filter((name) => FILTER_NAMES.has(name));
  let filter: ObjectStreamRef['filter'] = 'none';
  // An indirect /Filter (or any filter but Flate) is not something we can decode here.
  if (filters.length === 0 && names.has('Filter')) filter = 'other';
  else if (filters.length > 0)
    filter = filters.every((name) => name === 'FlateDecode' || name === 'Fl') ? 'flate' : 'other';
  const length = /\/Length\s+(\d+)(\s+\d+\s+R)?/.exec(dictionary);
  return { dataStart, filter, length: length && !length[2] ? Number(length[1]) : null };
}

export type PdfActiveContent = {
  /** Active-content names found (decoded, sorted). */
  names: string[];
  /** Why part of the file could not be examined (refused like active content), or null. */
  uninspectable: string | null;
  isEncrypted: boolean;
};

/**
 * Scans a PDF for active content in 64 KB chunks: names in the object syntax (every name) and in stream data (only
 * the long ones, see MIN_NAME_IN_STREAM_DATA), then the decompressed content of each object stream, where
 * PDF 1.5+ files keep most dictionaries. Bounded: one chunk plus a small overlap in memory, and at most
 * MAX_INFLATED_BYTES decompressed. Encrypted object streams cannot be read without the key and are skipped.
 */
export async function scanPdfActiveContent(filePath: string): Promise<PdfActiveContent> {
  const found = new Set<string>();
  const objectStreams: ObjectStreamRef[] = [];
  let isEncrypted = false;
  let buffer = Buffer.alloc(0);
  let bufferStart = 0;
  let cursor = 0;
  let inStreamData = false;

  const onObjectName = (name: string) => {
    if (PDF_ACTIVE_NAMES.has(name)) found.add(name);
    if (name === 'Encrypt') isEncrypted = true;
  };
  const onStreamName = (name: string) => {
    if (name.length >= MIN_NAME_IN_STREAM_DATA && PDF_ACTIVE_NAMES.has(name)) found.add(name);
  };

  const scan = (isLast: boolean) => {
    const text = buffer.toString('latin1');
    const limit = isLast ? text.length : text.length - TOKEN_MARGIN;
    let at = cursor - bufferStart;
    while (at < limit) {
      if (inStreamData) {
        const end = text.indexOf('endstream', at);
        const isEndHere = end !== -1 && end < limit;
        const reached = collectNames(text, { from: at, to: isEndHere ? end : limit, isLast }, onStreamName);
        if (isEndHere) {
          at = end + 'endstream'.length;
          inStreamData = false;
        } else at = Math.max(limit, reached);
        continue;
      }
      STREAM_KEYWORD_RE.lastIndex = at;
      const keyword = STREAM_KEYWORD_RE.exec(text);
      const isKeywordHere = keyword !== null && keyword.index < limit;
      const reached = collectNames(text, { from: at, to: isKeywordHere ? keyword.index : limit, isLast }, onObjectName);
      if (!isKeywordHere) {
        at = Math.max(limit, reached);
        continue;
      }
      const dataStart = keyword.index + keyword[0].length;
      const before = text.slice(Math.max(0, keyword.index - DICTIONARY_LOOKBACK), keyword.index);
      const objectStream = objectStreamOf(before, bufferStart + dataStart);
      if (objectStream) objectStreams.push(objectStream);
      at = dataStart;
      inStreamData = true;
    }
    cursor = bufferStart + at;
  };

  for await (const chunk of createReadStream(filePath, { highWaterMark: SCAN_CHUNK_BYTES })) {
    const keepFrom = Math.max(bufferStart, cursor - DICTIONARY_LOOKBACK);
    buffer = Buffer.concat([buffer.subarray(keepFrom - bufferStart), chunk as Buffer]);
    bufferStart = keepFrom;
    scan(false);
  }
  scan(true);

  let uninspectable: string | null = null;
  if (objectStreams.length > MAX_OBJECT_STREAMS) uninspectable = 'too many object streams';
  const budget = { left: MAX_INFLATED_BYTES };
  for (const objectStream of uninspectable ? [] : objectStreams) {
    if (objectStream.filter === 'none') continue; // plain text: already scanned above
    if (objectStream.filter === 'other') {
      uninspectable = 'object stream with an unsupported filter';
      break;
    }
    const outcome = await scanInflatedNames(filePath, objectStream, budget, onObjectName);
    if (outcome === 'oversize') {
      uninspectable = 'object streams decompress to too much data';
      break;
    }
    // Encrypted object streams fail to inflate: without the key there is nothing to read (see the JSDoc).
    if (outcome === 'failed' && !isEncrypted) {
      uninspectable = 'unreadable object stream';
      break;
    }
  }
  return { names: [...found].sort(), uninspectable, isEncrypted };
}

/** Inflates one object stream and reports the names in it; bounded by the shared budget. */
async function scanInflatedNames(
  filePath: string,
  objectStream: ObjectStreamRef,
  budget: { left: number },
  onName: (name: string) => void,
): Promise<'ok' | 'failed' | 'oversize'> {
  const end = objectStream.length === null ? undefined : objectStream.dataStart + objectStream.length - 1;
  let carry = '';
  let isOversize = false;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      budget.left -= chunk.length;
      if (budget.left < 0) {
        isOversize = true;
        return callback(new Error('decompressed size cap reached'));
      }
      const text = carry + chunk.toString('latin1');
      const reached = collectNames(text, { from: 0, to: text.length, isLast: false }, onName);
      carry = text.slice(Math.max(reached, text.length - TOKEN_MARGIN));
      callback();
    },
  });
  try {
    await pipeline(
      createReadStream(filePath, { start: objectStream.dataStart, end }),
      // A truncated stream still yields what it holds (a lenient viewer would read that much too).
      createInflate({ finishFlush: zlibConstants.Z_SYNC_FLUSH }),
      sink,
    );
  } catch {
    return isOversize ? 'oversize' : 'failed';
  }
  collectNames(carry, { from: 0, to: carry.length, isLast: true }, onName);
  return 'ok';
}
