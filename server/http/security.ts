import type { IncomingMessage, ServerResponse } from 'node:http';

const MAPS_HOSTS = 'https://maps.googleapis.com https://maps.gstatic.com';

/** Headers every response carries (docs/security.md H). Maps hosts are allowed only when a key is configured. */
export function securityHeaders(opts: { mapsEnabled: boolean }) {
  const maps = opts.mapsEnabled ? ` ${MAPS_HOSTS}` : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self'${maps}`,
    // Chakra (emotion) injects style elements at runtime; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${maps}`,
    "font-src 'self'",
    "media-src 'self'",
    `connect-src 'self'${maps}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
  return function apply(res: ServerResponse, pathname: string): void {
    res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // The reset and claim links carry their token in the query string: never leak it through Referer.
    res.setHeader(
      'Referrer-Policy',
      pathname.startsWith('/reset-password') || pathname.startsWith('/applications/claim')
        ? 'no-referrer'
        : 'strict-origin-when-cross-origin',
    );
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    res.setHeader('X-Frame-Options', 'DENY');
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing request, tRPC, REST and multipart alike: the browser's
 * Sec-Fetch-Site must say same-origin, or the Origin must be on the configured allowlist.
 * Requests with neither header are refused. The allowlist comes from config, never from Host.
 */
export function isForeignOrigin(req: IncomingMessage, allowedOrigins: string[]): boolean {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return false;
  const origin = req.headers.origin;
  if (origin) return !allowedOrigins.includes(origin);
  const site = req.headers['sec-fetch-site'];
  return site !== 'same-origin';
}
