import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties } from 'react';
import type { LenderConfig } from '../../../src/shared/lender';
import { emailPreview, lenderFooterLines, type EmailBlock, type EmailContent } from './content';

// The HTML part of every email (docs/architecture.md, "Emails"). Inline styles only, no remote images (the brand
// is a text wordmark), colours from the app's brand palette (src/theme-config.ts) with AA contrast on white.
const BRAND = '#0b3d91';
const INK = '#1a202c';
const MUTED = '#4a5568';
const FONT = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const styles = {
  body: { backgroundColor: '#f4f6fa', fontFamily: FONT, margin: 0, padding: '24px 0' },
  card: { backgroundColor: '#ffffff', maxWidth: '600px', padding: '32px', borderRadius: '8px' },
  brand: { color: BRAND, fontSize: '22px', fontWeight: 700, margin: '0 0 24px' },
  text: { color: INK, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  label: { color: MUTED, fontSize: '14px', padding: '4px 16px 4px 0', verticalAlign: 'top' },
  value: { color: INK, fontSize: '15px', fontWeight: 600, padding: '4px 0', verticalAlign: 'top' },
  button: {
    backgroundColor: BRAND,
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 600,
    padding: '12px 20px',
    borderRadius: '6px',
    textDecoration: 'none',
  },
  url: { color: MUTED, fontSize: '13px', lineHeight: '18px', margin: '8px 0 16px', wordBreak: 'break-all' },
  quote: {
    color: INK,
    fontSize: '15px',
    lineHeight: '22px',
    whiteSpace: 'pre-wrap',
    borderLeft: `4px solid #c6d8f9`,
    padding: '4px 0 4px 12px',
    margin: '0 0 16px',
  },
  footer: { color: MUTED, fontSize: '12px', lineHeight: '18px', margin: '0' },
} satisfies Record<string, CSSProperties>;

function Block({ block }: { block: EmailBlock }) {
  if (typeof block === 'string') return <Text style={styles.text}>{block}</Text>;
  if ('facts' in block) {
    return (
      <Section style={{ margin: '0 0 16px' }}>
        <table role="presentation" cellPadding={0} cellSpacing={0}>
          <tbody>
            {block.facts.map(([label, value]) => (
              <tr key={label}>
                <td style={styles.label}>{label}</td>
                <td style={styles.value}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    );
  }
  if ('action' in block) {
    return (
      <Section style={{ margin: '8px 0 0' }}>
        <Button href={block.action.url} style={styles.button}>
          {block.action.label}
        </Button>
        <Text style={styles.url}>
          Or open this address: <Link href={block.action.url}>{block.action.url}</Link>
        </Text>
      </Section>
    );
  }
  return <Text style={styles.quote}>{block.quote}</Text>;
}

export function EmailLayout({ lender, content }: { lender: LenderConfig; content: EmailContent }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{emailPreview(content)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.card}>
          <Heading as="h1" style={styles.brand}>
            {lender.brandName}
          </Heading>
          {content.greeting ? <Text style={styles.text}>{content.greeting}</Text> : null}
          {content.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
          <Text style={styles.text}>{lender.brandName}</Text>
          <Hr style={{ borderColor: '#e2e8f0', margin: '24px 0 16px' }} />
          {lenderFooterLines(lender).map((line) => (
            <Text key={line} style={styles.footer}>
              {line}
            </Text>
          ))}
        </Container>
      </Body>
    </Html>
  );
}
