import { randomUUID } from 'node:crypto';
import type { HandleCommand } from '../../events/handleCommand';
import type { Pool } from '../../events/store/types';
import { templateAggregate } from '../../events/template/decider';
import type { TemplateDetailsData } from '../../events/template/events';
import { seeded, seedOnce } from './once';

/**
 * The spec's six sample templates (welcome e-mail, event notification, lease renewal reminder,
 * maintenance notice, holiday hours notice, monthly newsletter), each with bracketed placeholders.
 */
export const DEMO_TEMPLATES: TemplateDetailsData[] = [
  {
    name: 'Welcome Email',
    category: 'Email',
    description: 'Sent to a new member company on its first day',
    content: `Subject: Welcome to [Location Name], [Member Name]!

Dear [Member Name],

Welcome to [Location Name]! We are delighted to have [Company Name] as part of our community.

Your office, [Office Number], is ready for you from [Move-in Date]. Your key cards are waiting at the front desk, and our community team will give you a tour of the kitchen, meeting rooms and phone booths when you arrive.

A few things to get you started:
- Wi-Fi network: [Wi-Fi Name]
- Front desk hours: Monday to Friday, 8:00 AM to 6:00 PM
- Meeting rooms can be booked from the member portal

If there is anything you need, reply to this e-mail or stop by the front desk.

Warm regards,
[Community Manager]
[Location Name] Community Team`,
  },
  {
    name: 'Event Notification',
    category: 'Notification',
    description: 'Invites members to a community event',
    content: `You're invited: [Event Name]

Join fellow members at [Location Name] on [Event Date] at [Event Time] in [Event Space].

[Event Description]

Food and drinks are on us. Spaces are limited, so please RSVP by [RSVP Date] at [RSVP Link].

See you there!
The [Location Name] Community Team`,
  },
  {
    name: 'Lease Renewal Reminder',
    category: 'Email',
    description: 'Reminds a member that its lease is ending',
    content: `Subject: Your lease at [Location Name] ends on [Lease End Date]

Dear [Contact Name],

This is a friendly reminder that the lease for [Company Name] in office [Office Number] ends on [Lease End Date].

We would love to keep you with us. If you renew for [Renewal Term] months before [Renewal Deadline], we can offer a monthly rate of [Renewal Rate], locked in for the whole term.

If your team has grown (or shrunk), we can also show you other offices at [Location Name] that may suit you better.

Please reply to this e-mail or call me at [Phone Number] to discuss your options.

Best regards,
[Account Manager]
FlexSpace Member Services`,
  },
  {
    name: 'Maintenance Notice',
    category: 'Notification',
    description: 'Announces planned maintenance at a location',
    content: `Planned maintenance at [Location Name]

On [Maintenance Date], from [Start Time] to [End Time], our building team will carry out [Maintenance Work] on [Affected Area].

During this time:
- [Service Impact]
- Please expect some noise near the work area

We are sorry for any inconvenience and thank you for your patience. If you have questions, contact the front desk or [Contact Email].

[Location Name] Operations`,
  },
  {
    name: 'Holiday Hours Notice',
    category: 'Social',
    description: 'Post for social channels about holiday opening hours',
    content: `Happy [Holiday Name] from all of us at [Location Name]!

Our holiday hours:
[Holiday Dates]: [Holiday Hours]
Regular hours resume on [Return Date].

Members keep 24/7 key card access to their offices throughout the holidays. Need something while we're away? Reach us at [Contact Email].

#FlexSpace #Coworking #[City]`,
  },
  {
    name: 'Monthly Newsletter',
    category: 'Document',
    description: 'The monthly members newsletter',
    content: `[Location Name] Members Newsletter - [Month] [Year]

Hello members,

Here is what is happening at [Location Name] this month.

COMMUNITY NEWS
[Community News]

UPCOMING EVENTS
[Upcoming Events]

MEMBER SPOTLIGHT
This month we are celebrating [Featured Member], who [Member Achievement].

BUILDING UPDATES
[Building Updates]

As always, thank you for being part of our community. Have an idea for next month's newsletter? Tell us at [Contact Email].

[Community Manager]
[Location Name] Community Team`,
  },
];

/** An earlier wording of the welcome e-mail, so the demo has a history to compare against. */
export const FIRST_WELCOME_CONTENT = `Subject: Welcome to [Location Name]

Dear [Member Name],

Welcome to [Location Name]! We are happy to have [Company Name] with us.

Your office, [Office Number], is ready from [Move-in Date]. Please collect your key cards at the front desk.

If there is anything you need, reply to this e-mail.

Regards,
[Community Manager]`;

const TEMPLATES_SEED_STREAM = 'system-demo-seed-templates';
const DAY = 86_400_000;

/**
 * The sample templates, through the template commands, once (their own marker, so a demo
 * database seeded before templates existed gets them too). The demo admin wrote them a month
 * ago; the manager reworded the welcome e-mail since, so its History has a version to compare.
 */
export async function seedDemoTemplates(sql: Pool, handle: HandleCommand, now = new Date()): Promise<boolean> {
  if (await seeded(sql, TEMPLATES_SEED_STREAM)) return false;
  const people = await sql<{ id: string; role: string }[]>`SELECT id, role FROM users WHERE role IN ('admin', 'manager') ORDER BY email`;
  const author = people.find((p) => p.role === 'admin')?.id ?? 'system';
  const editor = people.find((p) => p.role === 'manager')?.id ?? author;
  return seedOnce(sql, TEMPLATES_SEED_STREAM, 'DemoTemplatesSeeded', async (tx) => {
    for (const [i, details] of DEMO_TEMPLATES.entries()) {
      const id = randomUUID();
      const created = { userId: author, now: new Date(now.getTime() - (30 - i) * DAY) };
      const welcome = details.name === 'Welcome Email';
      const first = welcome ? { ...details, content: FIRST_WELCOME_CONTENT } : details;
      await handle(templateAggregate, id, { type: 'CreateTemplate', id, details: first }, created, { tx });
      if (welcome) {
        const edited = { userId: editor, now: new Date(now.getTime() - 3 * DAY) };
        await handle(templateAggregate, id, { type: 'EditTemplate', changes: { content: details.content } }, edited, { tx });
      }
    }
    return true;
  });
}
