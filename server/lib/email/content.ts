import type { LenderConfig } from '../../../src/shared/lender';

// The structured content of an email (docs/architecture.md, "Emails"): one description gives both the HTML part
// (layout.tsx) and the plain-text part (emailText below), so the two always say the same thing.

/** A paragraph is a plain string; the other blocks are tagged objects. */
export type EmailBlock =
  | string
  /** Label and value rows (amounts, references); values are shown as given. */
  | { facts: Array<[label: string, value: string]> }
  /** A call to action: a button in HTML, the full address on its own line in text. */
  | { action: { label: string; url: string } }
  /** Text someone typed (a contact message): line breaks kept, shown apart from the lender's own words. */
  | { quote: string };

export type EmailContent = {
  /** The inbox preview line; defaults to the first paragraph. */
  preview?: string;
  /** "Hello Ana,": omitted for staff notices. */
  greeting?: string;
  blocks: EmailBlock[];
};

export type EmailEnvelope = { to: string; subject: string; replyTo?: string };

/** The lender's identity and contact lines every email ends with (src/shared/lender.ts). */
export function lenderFooterLines(lender: LenderConfig): string[] {
  return [
    `${lender.legalName}${lender.brandName === lender.legalName ? '' : ` (${lender.brandName})`}`,
    lender.address,
    `${lender.phone} · ${lender.supportEmail} · ${lender.hours}`,
    ...(lender.nmlsId ? [`NMLS ID ${lender.nmlsId}`] : []),
  ];
}

export function emailPreview(content: EmailContent): string {
  return content.preview ?? content.blocks.find((block): block is string => typeof block === 'string') ?? '';
}

function blockText(block: EmailBlock): string {
  if (typeof block === 'string') return block;
  if ('facts' in block) return block.facts.map(([label, value]) => `${label}: ${value}`).join('\n');
  if ('action' in block) return `${block.action.label}:\n${block.action.url}`;
  return block.quote;
}

/** The plain-text part: greeting, blocks separated by blank lines, the brand, then the lender footer. */
export function emailText(lender: LenderConfig, content: EmailContent): string {
  const parts = [
    ...(content.greeting ? [content.greeting] : []),
    ...content.blocks.map(blockText),
    lender.brandName,
    ['--', ...lenderFooterLines(lender)].join('\n'),
  ];
  return `${parts.join('\n\n')}\n`;
}
