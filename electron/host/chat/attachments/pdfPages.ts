/**
 * A PDF's page count without a PDF library: the page tree's root /Count, read from the file's plain objects and from
 * its compressed object streams (PDF 1.5+ files keep the page tree there). Falls back to counting /Type /Page objects.
 */
import { inflateSync } from 'node:zlib';

// The largest /Count of a /Pages dictionary is the root's: the whole document.
function largestCount(text: string): number {
  let best = 0;
  for (const dict of text.split(/>>/)) {
    if (!/\/Type\s*\/Pages\b/.test(dict)) continue;
    for (const m of dict.matchAll(/\/Count\s+(\d+)/g)) best = Math.max(best, Number(m[1]));
  }
  return best;
}

// Object streams (/Type /ObjStm) deflated with /FlateDecode, inflated; at most `budget` bytes in all.
function objectStreams(latin1: string, bytes: Buffer, budget: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (let at = latin1.indexOf('/ObjStm'); at >= 0; at = latin1.indexOf('/ObjStm', at + 7)) {
    const keyword = latin1.indexOf('stream', at);
    if (keyword < 0) break;
    // The stream's dictionary runs from its "obj" to the "stream" keyword; the filter may come before /Type.
    const dict = latin1.slice(Math.max(0, latin1.lastIndexOf(' obj', at)), keyword);
    let start = keyword + 'stream'.length;
    if (latin1[start] === '\r') start++;
    if (latin1[start] === '\n') start++;
    const end = latin1.indexOf('endstream', start);
    if (end < 0 || !/\/FlateDecode/.test(dict)) continue;
    try {
      const inflated = inflateSync(bytes.subarray(start, end)).toString('latin1');
      used += inflated.length;
      if (used > budget) break;
      out.push(inflated);
    } catch {
      // A stream that does not inflate (other filter, damage) cannot hold a readable count.
    }
  }
  return out;
}

/** The page count of a PDF (at least 1). */
export function countPdfPages(bytes: Buffer): number {
  const latin1 = bytes.toString('latin1');
  let pages = largestCount(latin1);
  if (pages === 0) for (const stream of objectStreams(latin1, bytes, 64 * 1024 * 1024)) pages = Math.max(pages, largestCount(stream));
  if (pages === 0) pages = latin1.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
  return Math.max(1, pages);
}
