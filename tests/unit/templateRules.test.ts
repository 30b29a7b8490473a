import { describe, expect, it } from 'vitest';
import { MAX_PLACEHOLDER_LENGTH, TEMPLATE_PREVIEW_LENGTH, placeholdersOf, templatePreview } from '@shared/domain/templates';
import { CreateTemplateInput, REQUIRED_TEMPLATE, TemplateListQuery, UpdateTemplateInput } from '@shared/schemas/templates';

describe('placeholders', () => {
  it('are the bracketed names of the content, each once, in order of first appearance', () => {
    expect(placeholdersOf('Dear [Member Name], welcome to [Location Name]. [Member Name], your office is [ Office Number ].')).toEqual([
      'Member Name',
      'Location Name',
      'Office Number',
    ]);
  });

  it('leave out empty brackets, brackets across lines, nested openings and long bracketed prose', () => {
    const long = `[${'x'.repeat(MAX_PLACEHOLDER_LENGTH + 1)}]`;
    expect(placeholdersOf(`[] [  ] [Start\nEnd] [[Name]] ${long} [${'y'.repeat(MAX_PLACEHOLDER_LENGTH)}]`)).toEqual(['Name', 'y'.repeat(MAX_PLACEHOLDER_LENGTH)]);
    expect(placeholdersOf('No placeholders here.')).toEqual([]);
  });
});

describe('the card preview', () => {
  it('is the whole content when short, else its first 200 characters and an ellipsis', () => {
    expect(templatePreview('Short')).toBe('Short');
    const exact = 'a'.repeat(TEMPLATE_PREVIEW_LENGTH);
    expect(templatePreview(exact)).toBe(exact);
    expect(templatePreview(`${exact}bcd`)).toBe(`${exact}...`);
  });
});

describe('template requests', () => {
  it("say 'Template name and content are required' at each missing one", () => {
    const result = CreateTemplateInput.safeParse({ name: '  ', category: 'Email', content: '\n  ' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['name', REQUIRED_TEMPLATE],
      ['content', REQUIRED_TEMPLATE],
    ]);
  });

  it("take 'Social Media' as Social, keep the content's own spacing, and store an empty description as null", () => {
    const parsed = CreateTemplateInput.parse({ name: ' Post ', category: 'Social Media', description: '  ', content: '  Line one\n\n  Line two\n' });
    expect(parsed).toEqual({ name: 'Post', category: 'Social', description: null, content: '  Line one\n\n  Line two\n' });
    expect(TemplateListQuery.parse({ category: 'Social Media' })).toEqual({ category: 'Social' });
    expect(TemplateListQuery.parse({ category: '' })).toEqual({});
  });

  it('accept the read-only fields of a row on PUT and refuse unknown ones by name', () => {
    expect(UpdateTemplateInput.safeParse({ id: 'x', placeholders: [], last_modified: 'x', created_at: 'x', updated_at: 'x', name: 'N' }).success).toBe(true);
    const unknown = UpdateTemplateInput.safeParse({ name: 'N', colour: 'red' });
    expect(unknown.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['colour'] });
  });
});
