import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as admin from './admin';
import * as application from './application';
import * as auth from './auth';
import * as chatGuard from './chat-guard';
import * as client from './client';
import * as offers from './offers';
import * as site from './site';
import { groupDigits, groupThousands } from '../group-thousands';
import * as masks from '../masks';

// Every string a visitor can send through a shared schema is checked in time proportional to its length: a
// pattern whose parts overlap (`[^@]+\.` where the class also matches '.') takes time growing with the square of
// the length, and one such request blocks the whole server. Each input is tried at 10,000 characters first, so a
// quadratic check fails here in a fraction of a second instead of stalling the run, then at 100,000. The bound is
// far above what linear work on 100,000 characters costs even on a loaded machine (about 1 ms), and far below what
// quadratic work costs (seconds); each case gets the best of three tries so a scheduler pause is not a failure.
const BOUND_MS = 50;
const LENGTHS = [10_000, 100_000];

/** Inputs built to make overlapping patterns backtrack: repeated separators and near-matches of each format. */
function adversarialInputs(length: number): string[] {
  const fill = (seed: string) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
  const seeds = [
    // Separators, alone and after a character they could belong to.
    '.',
    '@',
    '-',
    ' \t',
    ',',
    '/',
    '\\',
    'a.',
    'a@',
    '1-',
    '1,',
    'a b',
    '\u00a0\u200b',
    'e\u0301',
    // Near-matches of the formats: email, SSN, EIN, phone, date, money, UUID, password rules.
    'a@b.',
    'ab@cd.ef.',
    '123-45-678',
    '12-345678',
    '(123) 456-789',
    '2024-01-0',
    '1,234.5',
    'ffffffff-ffff-',
    'Aa1!',
    '0',
  ];
  const inputs: string[] = [];
  for (const seed of seeds) {
    const body = fill(seed);
    // As sent, followed by a character that makes the match fail at the very end, and inside a would-be email.
    inputs.push(body, `${body}@!`, `a@${body}@`);
  }
  return inputs;
}

type Maker = (value: string) => unknown;

/** Ways to place a string where a schema reads one: the schema itself, each object key, each array element. */
function stringSlots(schema: z.ZodType, depth = 0): Maker[] {
  if (depth > 8) return [];
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'literal':
    case 'template_literal':
      return [(value) => value];
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.entries(shape).flatMap(([key, field]) =>
        stringSlots(field, depth + 1).map((make): Maker => (value) => ({ [key]: make(value) })),
      );
    }
    case 'array':
      return stringSlots(def.element as z.ZodType, depth + 1).map((make): Maker => (value) => [make(value)]);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => stringSlots(option, depth + 1));
    case 'pipe':
      return stringSlots(def.in as z.ZodType, depth + 1);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return stringSlots(def.innerType as z.ZodType, depth + 1);
    default:
      return [];
  }
}

const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

const MODULES = { admin, application, auth, chatGuard, client, offers, site };

/** Every exported schema, plus the schemas the exported factories make with their default arguments. */
function exportedSchemas(): [string, z.ZodType][] {
  const found: [string, z.ZodType][] = [];
  for (const [moduleName, exports] of Object.entries(MODULES)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isSchema(value)) found.push([`${moduleName}.${name}`, value]);
    }
  }
  found.push(['auth.emailSchema()', auth.emailSchema()], ['auth.requiredText()', auth.requiredText('Required')]);
  return found;
}

/** Best of three timings of one call, in ms (stops early once a try is under the bound). */
function timed(run: () => unknown): number {
  let best = Infinity;
  for (let attempt = 0; attempt < 3 && best > BOUND_MS; attempt++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

function slowCases(cases: [string, (value: string) => unknown][]): string[] {
  const slow: string[] = [];
  for (const length of LENGTHS) {
    const inputs = adversarialInputs(length);
    for (const [name, run] of cases) {
      for (const input of inputs) {
        const ms = timed(() => run(input));
        if (ms > BOUND_MS)
          slow.push(`${name} on ${JSON.stringify(input.slice(0, 24))}… (${length} chars): ${ms.toFixed(0)} ms`);
      }
    }
    // A quadratic check already shows at 10,000 characters; 100,000 would only make the failing run take minutes.
    if (slow.length > 0) break;
  }
  return slow;
}

describe('shared schemas on 100,000-character adversarial input', () => {
  const schemas = exportedSchemas();

  it('finds the shared string schemas (the scan below is not vacuous)', () => {
    const names = schemas.map(([name]) => name);
    for (const expected of [
      'site.emailSignupSchema',
      'site.contactMessageSchema',
      'auth.registerSchema',
      'auth.loginSchema',
      'admin.byEmailSchema',
      'admin.createStaffSchema',
      'application.applicationFormSchema',
      'application.idempotencyKeySchema',
      'chatGuard.chatMessageSchema',
      'offers.acceptOfferSchema',
    ]) {
      expect(names).toContain(expected);
    }
    const slots = schemas.reduce((sum, [, schema]) => sum + stringSlots(schema).length, 0);
    expect(slots).toBeGreaterThan(100);
  });

  // Minutes of budget for seconds of work: a loaded machine makes the run slower, never wrong.
  it('checks every string field of every exported schema in linear time', { timeout: 120_000 }, () => {
    const cases = schemas.flatMap(([name, schema]) =>
      stringSlots(schema).map((make, index): [string, (value: string) => unknown] => [
        `${name}#${index}`,
        (value) => schema.safeParse(make(value)),
      ]),
    );
    expect(slowCases(cases)).toEqual([]);
  });

  it('runs the exported string helpers in linear time', { timeout: 120_000 }, () => {
    const cases: [string, (value: string) => unknown][] = [
      ['dollarsToCents', admin.dollarsToCents],
      ['isRealIsoDate', application.isRealIsoDate],
      ['declaredFileKind', (value) => application.declaredFileKind({ name: value, type: value })],
      ['fileProblem', (value) => application.fileProblem({ name: value, type: value, size: 1 })],
      ['failedPasswordRules', auth.failedPasswordRules],
      ['safeReturnTo', auth.safeReturnTo],
      ['groupDigits', groupDigits],
      ['groupDigits(digits)', (value) => groupDigits(value.replace(/\D/g, ''))],
      ['groupThousands', (value) => groupThousands(value.length)],
      ...Object.entries(masks).map(([name, format]): [string, (value: string) => unknown] => [name, format]),
    ];
    expect(slowCases(cases)).toEqual([]);
  });
});
