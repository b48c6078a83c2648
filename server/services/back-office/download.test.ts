import { describe, expect, it } from 'vitest';
import { downloadContentType, encodeRfc8187, sanitiseFileName } from './documents';

describe('document download names', () => {
  it('keeps the display name but drops paths, quotes and header-breaking characters', () => {
    expect(sanitiseFileName('statement.pdf')).toBe('statement.pdf');
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('C:\\Users\\me\\bank "march";.pdf')).toBe('bank march.pdf');
    expect(sanitiseFileName('a\r\nSet-Cookie: x.pdf')).toBe('a Set-Cookie x.pdf');
    expect(sanitiseFileName('...')).toBe('document');
    expect(sanitiseFileName('x'.repeat(300))).toHaveLength(150);
  });

  it('encodes the name for filename*= (RFC 8187)', () => {
    expect(encodeRfc8187("Relevé d'août (1).pdf")).toBe('Relev%C3%A9%20d%27ao%C3%BBt%20%281%29.pdf');
  });

  it('serves only accepted document types as themselves', () => {
    expect(downloadContentType('application/pdf')).toBe('application/pdf');
    expect(downloadContentType('text/html')).toBe('application/octet-stream');
  });
});
