import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'koa';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ImportInput } from '@shared/imports';
import { ExpectedVersion, PG_INT_MAX, VersionQuery } from '@shared/schemas/common';
import { CompanyListQuery, ContactListQuery, CreateCompanyInput, UpdateCompanyInput } from '@shared/schemas/crm';
import { DealListQuery } from '@shared/schemas/deals';
import { SearchQuery } from '@shared/schemas/search';
import { SaveSlackConfigInput, SaveWorkflowRulesInput, SendSlackTestInput } from '@shared/schemas/slack';
import { isStorable, isStorableJson } from '@shared/schemas/strings';
import { AgreementVersionParams } from '@shared/schemas/agreements';
import { errorMapper } from '../../server/middleware/errors';

/**
 * Hostile input at the schemas: what a fuzzer sent that once reached PostgreSQL and answered 500
 * (a version past PostgreSQL's integer, NUL in a search, NUL or a lone surrogate in the Slack
 * rules), and what was stored though it never should be (a `javascript:` website).
 */

const NUL = 'a\u0000b';
const LONE = ['\ud800', '\udbff', '\udc00', '\udfff'].map((s) => `a${s}b`);
const UNSTORABLE = [NUL, ...LONE];
const UNSTORABLE_MESSAGE = /contains characters that are not allowed \(NUL or an unpaired surrogate\)$/;

/** The fields a refusal names, joined by dots, with their messages. */
const refusals = (result: { success: boolean; error?: z.ZodError }) =>
  (result.error?.issues ?? []).map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));

describe('what text can be stored', () => {
  it('refuses NUL and lone surrogates, keeps well-formed pairs (emoji) and everything else', () => {
    for (const bad of UNSTORABLE) expect(isStorable(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'plain', '🎉 emoji', '\ud83c\udf89', 'tab\tnew\nline', 'é ñ 中文']) expect(isStorable(good), good).toBe(true);
  });
  it('looks into JSON values, keys included', () => {
    expect(isStorableJson({ a: [1, { b: 'ok' }] })).toBe(true);
    expect(isStorableJson({ a: [1, { b: NUL }] })).toBe(false);
    expect(isStorableJson({ [LONE[0]!]: 1 })).toBe(false);
  });
});

describe('versions and other whole numbers', () => {
  it('given a version past PostgreSQL integer, when a mutation is parsed, then it is refused (not sent to the database)', () => {
    expect(ExpectedVersion.safeParse(PG_INT_MAX).success).toBe(true);
    for (const version of [PG_INT_MAX + 1, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      const body = z.object({ version: ExpectedVersion }).safeParse({ version });
      expect(refusals(body)).toEqual([{ field: 'version', message: `Version must be a whole number from 1 to ${PG_INT_MAX}` }]);
    }
  });
  it('given ?version= past PostgreSQL integer on a DELETE, then it is refused', () => {
    expect(VersionQuery.safeParse({ version: String(PG_INT_MAX) }).success).toBe(true);
    expect(refusals(VersionQuery.safeParse({ version: String(PG_INT_MAX + 1) })).map((r) => r.field)).toEqual(['version']);
  });
  it('an agreement version in a path is bounded the same way', () => {
    const id = '11111111-1b2c-4d5e-8f90-123456789abc';
    expect(AgreementVersionParams.safeParse({ id, version: String(PG_INT_MAX) }).success).toBe(true);
    expect(AgreementVersionParams.safeParse({ id, version: String(PG_INT_MAX + 1) }).success).toBe(false);
  });
});

describe('searches', () => {
  it.each([
    ['DealListQuery', DealListQuery],
    ['ContactListQuery', ContactListQuery],
    ['CompanyListQuery', CompanyListQuery],
    ['SearchQuery', SearchQuery],
  ] as const)('%s refuses NUL in q, naming q', (_name, schema) => {
    const result = schema.safeParse({ q: NUL });
    expect(refusals(result)).toEqual([{ field: 'q', message: expect.stringMatching(UNSTORABLE_MESSAGE) }]);
    expect(schema.safeParse({ q: 'acme' }).success).toBe(true);
  });
});

describe('Slack workflow rules', () => {
  const rule = { id: 'r1', event_type: 'new_lead', enabled: true, channel: '#sales', message_template: 'New: {deal_name}', conditions: {} };
  const cases = (bad: string) => [
    ['workflow_rules.0.id', { ...rule, id: `r${bad}` }],
    ['workflow_rules.0.channel', { ...rule, channel: `#s${bad}` }],
    ['workflow_rules.0.message_template', { ...rule, message_template: bad }],
    ['workflow_rules.0.conditions', { ...rule, conditions: { [`k${bad}`]: 1 } }],
    ['workflow_rules.0.conditions', { ...rule, conditions: { stage: [bad] } }],
  ] as const;
  it('refuse NUL and lone surrogates in every text of a rule, naming the field', () => {
    for (const bad of UNSTORABLE) {
      for (const [field, broken] of cases(bad)) {
        const messages = refusals(SaveWorkflowRulesInput.safeParse({ workflow_rules: [broken] }));
        // A bad key of the conditions is named after them: workflow_rules.0.conditions.<key>.
        expect(messages.some((m) => m.field.startsWith(field)), `${field} ${JSON.stringify(bad)} ${JSON.stringify(messages)}`).toBe(true);
        expect(messages.every((m) => UNSTORABLE_MESSAGE.test(m.message))).toBe(true);
      }
    }
    expect(SaveWorkflowRulesInput.safeParse({ workflow_rules: [{ ...rule, message_template: '🎉 {deal_name}', conditions: { stage: ['x'] } }] }).success).toBe(true);
  });
});

describe('URL fields take only http(s)', () => {
  const hostile = ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd', 'example.com', 'https://'];
  it('a company website', () => {
    for (const website of hostile) {
      for (const schema of [CreateCompanyInput, UpdateCompanyInput]) {
        expect(refusals(schema.safeParse({ name: 'Acme', website })), website).toEqual([
          { field: 'website', message: 'Website must be a full http(s) address, such as https://example.com' },
        ]);
      }
    }
    expect(CreateCompanyInput.parse({ name: 'Acme', website: ' https://acme.example/about ' }).website).toBe('https://acme.example/about');
    expect(CreateCompanyInput.parse({ name: 'Acme', website: 'HTTP://acme.example' }).website).toBe('HTTP://acme.example');
    expect(CreateCompanyInput.parse({ name: 'Acme', website: '' }).website).toBeNull();
    expect(CreateCompanyInput.parse({ name: 'Acme', website: null }).website).toBeNull();
  });
  it('the Slack webhook, saved or tested', () => {
    for (const url of hostile.filter((u) => u.trim())) {
      expect(SaveSlackConfigInput.safeParse({ webhook_url: url }).success, url).toBe(false);
      expect(SendSlackTestInput.safeParse({ webhook_url: url }).success, url).toBe(false);
    }
    expect(refusals(SaveSlackConfigInput.safeParse({ webhook_url: `https://hooks.slack.com/services/${NUL}` })).map((r) => r.field)).toContain('webhook_url');
    expect(SendSlackTestInput.safeParse({ webhook_url: '' }).success).toBe(true);
    expect(SendSlackTestInput.safeParse({ webhook_url: 'https://hooks.slack.com/services/T/B/x' }).success).toBe(true);
  });
});

describe('every schema of shared/schemas', () => {
  type Def = Record<string, unknown> & { type: string; format?: string };
  const isSchema = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;

  /** Every schema reachable from `root`: object shapes, wrappers, pipes, arrays, unions, records. */
  function walk(root: z.ZodType, visit: (schema: z.ZodType, def: Def, at: string) => void, at: string, seen = new Set<unknown>()) {
    if (seen.has(root)) return;
    seen.add(root);
    const def = (root as unknown as { _zod: { def: Def } })._zod.def;
    visit(root, def, at);
    const shape = def.type === 'object' ? (root as z.ZodObject).shape : {};
    for (const [key, inner] of Object.entries(shape)) walk(inner as z.ZodType, visit, `${at}.${key}`, seen);
    // What goes into a pipe is checked again by what comes out of it (a number piped into a bounded one).
    if (isSchema(def.in)) walk(def.in, visit, `${at} (piped)`, seen);
    for (const key of ['innerType', 'out', 'element', 'keyType', 'valueType', 'left', 'right', 'rest']) {
      if (isSchema(def[key])) walk(def[key], visit, at, seen);
    }
    for (const key of ['options', 'items']) {
      if (Array.isArray(def[key])) for (const inner of def[key] as unknown[]) if (isSchema(inner)) walk(inner, visit, at, seen);
    }
  }

  /**
   * Schemas of answers (what the API sends, for the OpenAPI document and the contract test): they
   * never parse a request, so neither rule applies. A new request schema is checked unless listed.
   */
  const ANSWERS = new Set([
    'activity.ActivityEntrySchema',
    'agreements.AgreementAnswer',
    'agreements.AgreementVersion',
    'agreements.SignatureAnswer',
    'agreements.SigningReceipt',
    'agreements.SigningSummary',
    'auth.LoginResult',
    'auth.PublicConfig',
    'auth.User',
    'crm.Company',
    'crm.Contact',
    'dashboard.Dashboard',
    'deals.Deal',
    'deals.DealStats',
    'errorBody.ErrorBodySchema',
    'gmail.ConnectGmailAnswer',
    'gmail.GmailCallbackAnswer',
    'gmail.GmailEmail',
    'gmail.GmailStatus',
    'health.HealthAnswer',
    'health.ReadyAnswer',
    'locations.Location',
    'members.Member',
    'offices.Office',
    'reports.OccupancyReport',
    'reports.TermAnalysisReport',
    'resources.Resource',
    'search.SearchResult',
    'settings.CompanySettings',
    'settings.SystemSettings',
    'slack.SlackConfig',
    'slack.SlackDelivery',
    'slack.SlackTestAnswer',
    'slack.SlackWorkflows',
    'tasks.Task',
    'bookings.Room',
    'bookings.Booking',
    'bookings.BookingCreated',
    'bookings.BookingSummary',
    'bookings.FeedTokenIssued',
    'bookings.FeedTokenStatus',
    'templates.Template',
    'templates.TemplateVersion',
  ]);

  async function everySchema(): Promise<[string, z.ZodType][]> {
    const folder = fileURLToPath(new URL('../../shared/schemas/', import.meta.url));
    const found: [string, z.ZodType][] = [['imports.ImportInput', ImportInput]];
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.ts'))) {
      const module = (await import(path.join(folder, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) if (isSchema(value) && !ANSWERS.has(`${file.replace('.ts', '')}.${name}`)) found.push([`${file.replace('.ts', '')}.${name}`, value]);
    }
    return found;
  }

  it('given NUL or a lone surrogate, every plain string field refuses it with the field-naming message', async () => {
    const schemas = await everySchema();
    expect(schemas.length).toBeGreaterThan(40);
    const forgotten: string[] = [];
    let strings = 0;
    for (const [name, schema] of schemas) {
      walk(schema, (leaf, def, at) => {
        if (def.type !== 'string') return;
        // Formats (uuid, email, date) are patterns of ASCII: neither character can pass them.
        if (def.format) {
          expect(['uuid', 'email', 'date', 'datetime'], `${name}${at} is a ${def.format}`).toContain(def.format);
          return;
        }
        strings += 1;
        for (const bad of UNSTORABLE) {
          const result = leaf.safeParse(bad);
          if (!refusals(result).some((r) => UNSTORABLE_MESSAGE.test(r.message))) forgotten.push(`${name}${at}`);
        }
      }, '');
    }
    expect(strings).toBeGreaterThan(40);
    expect([...new Set(forgotten)]).toEqual([]);
  });

  /** Whole numbers compared with a bigint column: bounded by what a JavaScript number holds exactly. */
  const BIGINT = new Set(['activity.ActivityQuery.before']);

  it('every whole number stays within PostgreSQL integer, every other number is bounded', async () => {
    const unbounded: string[] = [];
    for (const [name, schema] of await everySchema()) {
      walk(schema, (leaf, def, at) => {
        if (def.type !== 'number' || at.endsWith('(piped)')) return;
        const whole = !leaf.safeParse(1.5).success;
        const beyond = BIGINT.has(`${name}${at}`) ? Number.MAX_SAFE_INTEGER + 2 : whole ? PG_INT_MAX + 1 : 1e13;
        if (leaf.safeParse(beyond).success) unbounded.push(`${name}${at}`);
      }, '');
    }
    expect([...new Set(unbounded)]).toEqual([]);
  });
});

describe('the net under the schemas', () => {
  const answer = async (error: Error & { code?: string }) => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const ctx = { method: 'GET', path: '/api/x', status: 200, body: undefined as unknown, set: () => undefined } as unknown as Context;
    await errorMapper(logger)(ctx, async () => {
      throw error;
    });
    return { status: ctx.status, lines };
  };
  it('given PostgreSQL refusing a NUL, a lone surrogate or an out-of-range number, the answer is a 400 (logged as a gap), not a 500', async () => {
    for (const code of ['22021', '22P05', '22003']) {
      const { status, lines } = await answer(Object.assign(new Error('refused'), { code }));
      expect(status, code).toBe(400);
      expect(lines.join('')).toContain('value the database cannot store');
    }
    expect((await answer(Object.assign(new Error('bug'), { code: '42P01' }))).status).toBe(500);
  });
});
