// docs/security.md H1: the headers every answer carries, whatever its route class or status.

export const REQUIRED_HEADERS: Record<string, RegExp> = {
  'strict-transport-security': /max-age=(\d{8,}); includeSubDomains/,
  'content-security-policy': /object-src 'none'.*base-uri 'none'.*frame-ancestors 'none'/s,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^(strict-origin-when-cross-origin|no-referrer)$/,
  'cross-origin-opener-policy': /^same-origin$/,
  'permissions-policy': /camera=\(\)/,
};

/** What is missing or weak in one answer's headers: one line per problem, empty when it passes. */
export function headerProblems(response: Response, opts: { api: boolean }): string[] {
  const problems: string[] = [];
  for (const [header, pattern] of Object.entries(REQUIRED_HEADERS)) {
    if (!pattern.test(response.headers.get(header) ?? '')) problems.push(`${header} missing or weak`);
  }
  if (response.headers.get('x-powered-by') !== null) problems.push('x-powered-by present');
  const csp = response.headers.get('content-security-policy') ?? '';
  if (/script-src[^;]*'unsafe-inline'/.test(csp)) problems.push('inline scripts allowed');
  if (opts.api && response.headers.get('cache-control') !== 'no-store') problems.push('API answer without no-store');
  return problems;
}
