import { DEFAULT_TEMPLATES, type SlackEventType, type TemplateVariable } from '../schemas/slack';

/** The values of one event's variables (a deal's, or a booking's). */
export type TemplateValues = Partial<Record<TemplateVariable, string>>;

/**
 * Slack reads `&`, `<` and `>` as markup (`<!channel>` pings everyone, `<url|text>` is a link), so
 * values from deals are escaped: a deal named "<!channel>" reads as text. The template itself is
 * the administrator's and keeps its formatting.
 */
export const escapeSlack = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const VARIABLE = /\{([a-z_]+)\}/g;

/**
 * The message of a rule: each {variable} replaced by its value, escaped; a name that is not a
 * variable stays as written. An empty template sends the event type's default one.
 */
export function renderTemplate(template: string, type: SlackEventType, values: TemplateValues): string {
  const text = template.trim() ? template : DEFAULT_TEMPLATES[type];
  return text.replace(VARIABLE, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? escapeSlack(values[name as TemplateVariable] ?? '') : whole,
  );
}
