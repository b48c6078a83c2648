import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as admin from './admin';
import * as application from './application';
import * as auth from './auth';
import * as chatGuard from './chat-guard';
import * as client from './client';
import * as offers from './offers';
import * as site from './site';
import { isRealIsoDate } from '../calendar';
import { groupDigits, groupThousands } from '../group-thousands';
import * as masks from '../masks';
import { isValidEmail } from '../email';
import { LINEAR_TIME_TEST, slowCases, type StringCase } from '../linear-time.test-helpers';

// Every string a visitor can send through a shared schema is checked in time proportional to its length
// (src/shared/linear-time.test-helpers.ts says how).

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
  it('checks every string field of every exported schema in linear time', LINEAR_TIME_TEST, () => {
    const cases = schemas.flatMap(([name, schema]) =>
      stringSlots(schema).map((make, index): StringCase => [
        `${name}#${index}`,
        (value) => schema.safeParse(make(value)),
      ]),
    );
    expect(slowCases(cases)).toEqual([]);
  });

  it(
    'finds a pattern whose time grows with the square of the input (the check is not vacuous)',
    LINEAR_TIME_TEST,
    () => {
      // From every start in a run of spaces, the pattern reads the whole run before failing on the missing "x".
      expect(slowCases([['quadratic', (value) => /\s*x$/.test(value)]])).not.toEqual([]);
    },
  );

  it('runs the exported string helpers in linear time', LINEAR_TIME_TEST, () => {
    const cases: StringCase[] = [
      ['dollarsToCents', admin.dollarsToCents],
      ['isRealIsoDate', isRealIsoDate],
      ['declaredFileKind', (value) => application.declaredFileKind({ name: value, type: value })],
      ['fileProblem', (value) => application.fileProblem({ name: value, type: value, size: 1 })],
      ['failedPasswordRules', auth.failedPasswordRules],
      ['safeReturnTo', auth.safeReturnTo],
      ['isValidEmail', isValidEmail],
      ['groupDigits', groupDigits],
      ['groupDigits(digits)', (value) => groupDigits(value.replace(/\D/g, ''))],
      ['groupThousands', (value) => groupThousands(value.length)],
      ...Object.entries(masks).map(([name, format]): StringCase => [name, format]),
    ];
    expect(slowCases(cases)).toEqual([]);
  });
});
