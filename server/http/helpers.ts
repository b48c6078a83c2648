import type { IncomingMessage, ServerResponse } from 'node:http';
import sjson from 'secure-json-parse';
import { AppError } from '../lib/errors';

export const JSON_BODY_LIMIT = 1024 * 1024; // 1 MiB for JSON bodies

/** Reads a JSON body with a size cap; rejects prototype-polluting keys. An empty body is `{}`. */
export async function readJson(req: IncomingMessage, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body too large');
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  const type = String(req.headers['content-type'] ?? '');
  if (!type.toLowerCase().startsWith('application/json')) {
    throw new AppError('BAD_REQUEST', 'Content-Type must be application/json');
  }
  try {
    return sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }) as unknown;
  } catch {
    throw new AppError('BAD_REQUEST', 'Malformed JSON body');
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}

/** Errors are a plain message body: the client shows "<status>: <body>". */
export function sendText(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

export function redirect(res: ServerResponse, location: string, status = 302): void {
  res.statusCode = status;
  res.setHeader('Location', location);
  res.end();
}

/** The client address: the socket, or the hop our own trusted proxies saw (never raw X-Forwarded-For). */
export function getClientIp(req: IncomingMessage, trustedHops: number): string {
  const socketIp = normaliseIp(req.socket.remoteAddress ?? '0.0.0.0');
  if (trustedHops === 0) return socketIp;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const candidate = forwarded[forwarded.length - trustedHops];
  return candidate ? normaliseIp(candidate) : socketIp;
}

function normaliseIp(ip: string): string {
  return (ip.startsWith('::ffff:') ? ip.slice(7) : ip).slice(0, 45);
}

// The last header parsed and its cookies: a request's context reads its session, visitor and device cookies one after
// another from the same header (server/trpc/context.ts), which is then split and decoded once, not three times.
let lastHeader: string | undefined;
let lastCookies: ReadonlyMap<string, string> = new Map();

/** The cookies of a Cookie header (the first of a repeated name wins). Read only: the map may be shared. */
export function parseCookies(header: string | undefined): ReadonlyMap<string, string> {
  if (header === lastHeader) return lastCookies;
  const cookies = splitCookies(header);
  lastHeader = header;
  lastCookies = cookies;
  return cookies;
}

function splitCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 1) continue;
    const name = part.slice(0, index).trim();
    if (!cookies.has(name)) cookies.set(name, decodeCookieValue(part.slice(index + 1).trim()));
  }
  return cookies;
}

/** A malformed escape ('%zz') in any cookie of the header is that cookie's problem, never the request's (a 500). */
function decodeCookieValue(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
