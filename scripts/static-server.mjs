// The page's static server: serves a folder with the right MIME types (application/wasm for
// streaming compilation) and, where the client accepts it, the file precompressed by
// scripts/build.sh beside it (name.br, name.gz) with its Content-Encoding. Used by
// scripts/serve.sh and by the end-to-end tests (tests/e2e/lib.mjs), so both serve alike.
import { createServer } from 'node:http';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The encodings a request accepts, of those precompressed here, in the order tried. */
function accepted(header) {
  const codings = new Map();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    codings.set(name, q ? Number(q.slice(2)) : 1);
  }
  return [['br', '.br'], ['gzip', '.gz']].filter(([name]) => (codings.get(name) ?? 0) > 0);
}

/** The file to send: the precompressed one if accepted and not older than the file itself. */
async function pick(file, acceptEncoding) {
  const plain = await stat(file).catch(() => null);
  if (!plain?.isFile()) return null;
  for (const [encoding, ext] of accepted(acceptEncoding)) {
    const packed = await stat(file + ext).catch(() => null);
    if (packed?.isFile() && packed.mtimeMs >= plain.mtimeMs) return { path: file + ext, size: packed.size, encoding, mtime: plain.mtime };
  }
  return { path: file, size: plain.size, encoding: null, mtime: plain.mtime };
}

/**
 * A server for `root`. `cache` is the Cache-Control header ('no-cache': the browser revalidates,
 * and an unchanged file is answered 304).
 */
export function staticServer(root, { cache = 'no-cache' } = {}) {
  root = path.resolve(root);
  return createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
      if (file !== root && !file.startsWith(root + path.sep)) {
        res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden');
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = path.join(file, 'index.html');
      const sent = await pick(file, req.headers['accept-encoding']);
      if (!sent) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const headers = {
        'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': cache,
        'last-modified': sent.mtime.toUTCString(),
        vary: 'Accept-Encoding',
      };
      const since = Date.parse(req.headers['if-modified-since'] ?? '');
      if (cache !== 'no-store' && since >= Math.floor(sent.mtime.getTime() / 1000) * 1000) {
        res.writeHead(304, headers).end();
        return;
      }
      if (sent.encoding) headers['content-encoding'] = sent.encoding;
      headers['content-length'] = sent.size;
      res.writeHead(200, headers);
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const handle = await open(sent.path);
      handle.createReadStream().pipe(res);
    } catch {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end();
    }
  });
}
