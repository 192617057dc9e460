/**
 * Static files (dist/, examples/, the catalogue media) with what a CDN would do: content types,
 * strong ETags and 304s, Cache-Control per mount, gzip and brotli chosen by Accept-Encoding
 * (compressed once per file version and kept), byte ranges for video, and paths that cannot
 * leave their folder.
 */
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { BASE_HEADERS } from './cors';
import { contentTypeOf, isCompressible } from './content-types';

/** Below this many bytes compression costs more than it saves. */
const COMPRESS_MIN_BYTES = 256;
/** Files larger than this are not kept in memory. */
const CACHE_MAX_BYTES = 8 * 1024 * 1024;

export interface Mount {
  dir: string;
  cacheControl: string;
  /** More headers on each answer (embed.js's hints: server/router.ts embedHints). */
  headers?: Record<string, string>;
}

interface CachedFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  hash: string;
  gzip?: Buffer;
  br?: Buffer;
}

/**
 * Maps the part of a URL path below a mount (still percent-encoded) to a file path inside `dir`.
 * Returns null for anything that could step outside: `..` or `.` segments (also encoded),
 * backslashes, NUL bytes, dot-files, bad encoding.
 */
export function safeJoin(dir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((s) => s.startsWith('.'))) return null;
  const root = resolve(dir);
  const full = resolve(root, ...segments);
  return full === root || full.startsWith(root + sep) ? full : null;
}

/** Picks br, then gzip, from an Accept-Encoding header (honouring `;q=0`). */
export function chooseEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  if (typeof header !== 'string' || !header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

function etagMatches(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t.replace(/"/g, '').replace(/-(br|gz)$/, '') === hash;
  });
}

/** Parses a single `bytes=a-b` range against `size`; null = unsatisfiable, undefined = no/ignored range. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | undefined {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

export class StaticFiles {
  private cache = new Map<string, CachedFile>();

  private async load(file: string, size: number, mtimeMs: number): Promise<CachedFile> {
    const hit = this.cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs && hit.size === size) return hit;
    const body = await readFile(file);
    const entry: CachedFile = { mtimeMs, size, body, hash: createHash('sha1').update(body).digest('base64url').slice(0, 27) };
    if (size <= CACHE_MAX_BYTES) this.cache.set(file, entry);
    return entry;
  }

  /**
   * Serves `urlPath` (the part below the mount, percent-encoded) from `mount`.
   * Returns false when there is no such file (the caller answers 404); true when answered.
   */
  async serve(req: IncomingMessage, res: ServerResponse, mount: Mount, urlPath: string, fullUrlPath: string): Promise<boolean> {
    const file = safeJoin(mount.dir, urlPath);
    if (!file) return false;
    let target = file;
    let info = await stat(target).catch(() => null);
    if (info?.isDirectory()) {
      if (!fullUrlPath.endsWith('/')) {
        // relative links in an index page only resolve from the directory URL
        const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
        res.writeHead(301, { ...BASE_HEADERS, Location: `${fullUrlPath}/${query}`, 'Content-Length': '0' });
        res.end();
        return true;
      }
      target = resolve(file, 'index.html');
      info = await stat(target).catch(() => null);
    }
    if (!info?.isFile()) return false;
    // a symlink inside the folder must not lead outside it
    const [realRoot, realTarget] = await Promise.all([realpath(mount.dir), realpath(target)]);
    if (!realTarget.startsWith(realRoot + sep)) return false;

    const entry = await this.load(target, info.size, info.mtimeMs);
    const type = contentTypeOf(target);
    const compressible = isCompressible(type);
    const encoding = compressible && entry.size >= COMPRESS_MIN_BYTES ? chooseEncoding(req.headers['accept-encoding']) : undefined;
    const etag = `"${entry.hash}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`;
    const headers: Record<string, string> = {
      ...BASE_HEADERS,
      'Content-Type': type,
      'Cache-Control': mount.cacheControl,
      ...mount.headers,
      ETag: etag,
      'Last-Modified': new Date(entry.mtimeMs).toUTCString(),
      ...(compressible ? { Vary: 'Accept-Encoding' } : { 'Accept-Ranges': 'bytes' }),
    };
    if (etagMatches(req.headers['if-none-match'], entry.hash)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    let body = entry.body;
    if (encoding === 'br') body = entry.br ??= brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.size } });
    else if (encoding === 'gzip') body = entry.gzip ??= gzipSync(entry.body, { level: 9 });
    if (encoding) headers['Content-Encoding'] = encoding;

    let status = 200;
    if (!compressible && req.headers.range) {
      const range = parseRange(req.headers.range, body.length);
      if (range === null) {
        res.writeHead(416, { ...headers, 'Content-Range': `bytes */${body.length}`, 'Content-Length': '0' });
        res.end();
        return true;
      }
      if (range) {
        status = 206;
        headers['Content-Range'] = `bytes ${range.start}-${range.end}/${body.length}`;
        body = body.subarray(range.start, range.end + 1);
      }
    }
    headers['Content-Length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
}
