import { describe, expect, it } from 'vitest';
import { parseLenderEnv } from '../../../src/shared/lender';
import { composeEmail } from './index';

const lender = parseLenderEnv({
  LENDER_LEGAL_NAME: 'Harbor Test Capital LLC',
  LENDER_BRAND_NAME: 'Harbor Capital',
  LENDER_ADDRESS: '9 Harbor Way|Portland, OR 97201',
  LENDER_PHONE: '(503) 555-0199',
  LENDER_SUPPORT_EMAIL: 'help@harbor.example',
  LENDER_NMLS_ID: '123456',
});

describe('composeEmail', () => {
  it('gives both parts the same content and the lender footer, with no remote images', async () => {
    const mail = await composeEmail(
      lender,
      { to: 'ana@example.test', subject: 'Hi', replyTo: 'x@example.test' },
      {
        greeting: 'Hello Ana,',
        blocks: [
          'First <paragraph> & more.',
          { facts: [['Amount', '$5,000']] },
          { action: { label: 'Open', url: 'https://app.example/x?token=abc&y=1' } },
          { quote: 'line one\nline two' },
        ],
      },
    );
    expect(mail).toMatchObject({ to: 'ana@example.test', subject: 'Hi', replyTo: 'x@example.test' });
    expect(mail.text).toBe(
      [
        'Hello Ana,',
        'First <paragraph> & more.',
        'Amount: $5,000',
        'Open:\nhttps://app.example/x?token=abc&y=1',
        'line one\nline two',
        'Harbor Capital',
        '--\nHarbor Test Capital LLC (Harbor Capital)\n9 Harbor Way, Portland, OR 97201\n' +
          '(503) 555-0199 · help@harbor.example · Monday-Friday 8:00 AM - 7:00 PM EST\nNMLS ID 123456',
      ].join('\n\n') + '\n',
    );
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    // User text is escaped, never markup.
    expect(mail.html).toContain('First &lt;paragraph&gt; &amp; more.');
    expect(mail.html).toContain('href="https://app.example/x?token=abc&amp;y=1"');
    for (const detail of ['Harbor Test Capital LLC', '9 Harbor Way, Portland, OR 97201', '(503) 555-0199']) {
      expect(mail.html).toContain(detail);
    }
    expect(mail.html).toContain('help@harbor.example');
    expect(mail.html).not.toMatch(/<img|url\(/i);
  });

  it('uses the first paragraph as the inbox preview unless one is given', async () => {
    const mail = await composeEmail(lender, { to: 'a@example.test', subject: 's' }, { blocks: ['Preview me'] });
    expect(mail.html).toMatch(/display:none[^>]*>Preview me/);
  });
});
