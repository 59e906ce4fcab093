/**
 * Maps a URL path to a file inside the built renderer folder, and to nothing outside it: no `..`,
 * no encoded or backslash traversal, no NUL bytes, no symlink that leads out. Shared by the
 * Electron custom protocol and the browser-mode server.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, posix, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

function contentTypeFor(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * The absolute path of the file to serve for `urlPath` (already stripped of query and fragment),
 * or null when there is none or the path tries to leave `rootDir`. "/" and paths without an
 * extension (client-side routes) serve index.html.
 */
async function resolveStaticFile(rootDir: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || !decoded.startsWith('/')) return null;
  // Refuse rather than normalise: a request that needs `..` to make sense is not one of ours.
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  const normalized = posix.normalize(decoded);
  const relative = normalized === '/' || extname(normalized) === '' ? '/index.html' : normalized;

  const root = resolve(rootDir);
  const candidate = resolve(root, `.${relative}`);
  if (!isInside(root, candidate)) return null;
  try {
    const [realRoot, realCandidate] = await Promise.all([realpath(root), realpath(candidate)]);
    if (!isInside(realRoot, realCandidate)) return null;
    const info = await stat(realCandidate);
    return info.isFile() ? realCandidate : null;
  } catch {
    return null;
  }
}

export interface StaticFile {
  body: Buffer<ArrayBuffer>;
  contentType: string;
}

/**
 * The built renderer's files, read once and then served from memory, by the browser-mode server
 * and by Electron's app:// handler alike. The page asks for about ten
 * files at once when it starts, and each used to be streamed from disk (open, read, close on
 * libuv's four threads) while the first chunk is on the critical path of the first paint (issue
 * 14). Every request is still checked by resolveStaticFile, and the bodies are kept by the real
 * path it returns, so the memory is bounded by the folder (about 1 MB) whatever paths are asked
 * for. The folder does not change while the app runs: a new build is a new launch.
 */
export interface StaticFiles {
  /** The file for a URL path, or null when there is none or the path is refused. */
  read(urlPath: string): Promise<StaticFile | null>;
}

export function createStaticFiles(rootDir: string): StaticFiles {
  const bodies = new Map<string, Promise<Buffer<ArrayBuffer>>>();
  return {
    async read(urlPath) {
      const file = await resolveStaticFile(rootDir, urlPath);
      if (!file) return null;
      let body = bodies.get(file);
      if (!body) {
        body = readFile(file);
        bodies.set(file, body);
        // A failed read is tried again on the next request.
        body.catch(() => bodies.delete(file));
      }
      return { body: await body, contentType: contentTypeFor(file) };
    },
  };
}
