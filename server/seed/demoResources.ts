import { createHash, randomUUID } from 'node:crypto';
import type { HandleCommand } from '../../events/handleCommand';
import { resourceAggregate } from '../../events/resource/decider';
import type { Pool } from '../../events/store/types';
import type { ResourceCategory } from '@shared/schemas/resources';
import { storeContent } from '../resources/contents';
import { describeFile } from '../resources/describeFile';
import { seeded, seedOnce } from './once';
import { renderPdf, type PdfContent } from './samplePdf';

/** One sample document: a PDF (a form when it has fields) or, with `text`, a plain text file. */
export interface SampleDocument {
  name: string;
  category: ResourceCategory;
  description: string;
  fileName: string;
  /** How long ago it was last updated. */
  daysAgo: number;
  pdf?: Omit<PdfContent, 'title'>;
  text?: string;
}

const HANDBOOK_NOTE = 'Questions? Write to people@flexspace.example or ask your community manager.';

/** The library's sample documents: two or three in each of the six categories. */
export const SAMPLE_DOCUMENTS: SampleDocument[] = [
  {
    name: 'Employee Handbook',
    category: 'HR Policies & Guidelines',
    description: 'Our policies on conduct, working hours, equipment, leave and how we work together',
    fileName: 'employee-handbook.pdf',
    daysAgo: 41,
    pdf: {
      subtitle: 'FlexSpace People Team - for every member of staff',
      paragraphs: [
        'Welcome to FlexSpace. This handbook explains how we work across our eight locations in New York, Philadelphia and Austin, and what you can expect from us.',
        '- Working hours: front-of-house teams work rostered shifts between 7:00 AM and 8:00 PM; office teams keep core hours from 10:00 AM to 4:00 PM.',
        '- Equipment: laptops and phones are company property; report a loss to IT on the same day.',
        '- Leave: see the Time Off & Holidays section of Employee Resources for holidays, vacation days and how to request time off.',
        '- Conduct: treat members, guests and colleagues with respect; our Code of Conduct gives the details.',
        HANDBOOK_NOTE,
      ],
    },
  },
  {
    name: 'Code of Conduct',
    category: 'HR Policies & Guidelines',
    description: 'What we expect of each other and of our dealings with members and suppliers',
    fileName: 'code-of-conduct.pdf',
    daysAgo: 120,
    pdf: {
      subtitle: 'Applies to all employees, contractors and temporary staff',
      paragraphs: [
        'We run spaces where hundreds of companies do their work. Their trust depends on how each of us behaves.',
        '- Keep member information confidential, inside and outside work.',
        '- Declare gifts from members or suppliers worth more than $75.',
        '- Report harassment, discrimination or safety concerns to your manager or the People Team; reports can be anonymous.',
        '- Never use a member office, meeting room or phone booth for private purposes without booking it.',
        HANDBOOK_NOTE,
      ],
    },
  },
  {
    name: 'Remote Work Policy',
    category: 'HR Policies & Guidelines',
    description: 'Who may work remotely, how to arrange it and what equipment we provide',
    fileName: 'remote-work-policy.pdf',
    daysAgo: 18,
    pdf: {
      subtitle: 'Effective for office-based roles',
      paragraphs: [
        'Office-based staff may work remotely up to two days a week, agreed with their manager in advance.',
        '- Front-of-house and building operations roles are on site by their nature.',
        '- Remote days are set in the team calendar by Friday of the week before.',
        '- We provide a laptop, headset and a monthly internet allowance of $40.',
      ],
    },
  },
  {
    name: 'Payroll Calendar',
    category: 'Payroll Information',
    description: 'Pay dates and timesheet cut-offs for the year',
    fileName: 'payroll-calendar.pdf',
    daysAgo: 64,
    pdf: {
      subtitle: 'Semi-monthly payroll: the 15th and the last working day of each month',
      paragraphs: [
        'Salaries are paid on the 15th and on the last working day of every month. When a pay date falls on a weekend or holiday, pay arrives on the working day before.',
        '- Hourly staff: timesheets close at 12:00 PM three working days before each pay date.',
        '- Overtime and shift premiums are paid with the next pay date after approval.',
        '- Pay statements are available in the payroll portal on the pay date.',
      ],
    },
  },
  {
    name: 'Direct Deposit Authorization',
    category: 'Payroll Information',
    description: 'Tell payroll where to pay your salary, or change your bank account',
    fileName: 'direct-deposit-authorization.pdf',
    daysAgo: 200,
    pdf: {
      subtitle: 'Complete, sign and return to payroll@flexspace.example',
      paragraphs: ['Changes received by the timesheet cut-off take effect on the next pay date. Attach a voided check or a bank letter.'],
      fields: ['Employee name', 'Employee ID', 'Bank name', 'Routing number', 'Account number', 'Signature and date'],
    },
  },
  {
    name: 'Expense Reimbursement Form',
    category: 'Payroll Information',
    description: 'Claim back business expenses, with receipts attached',
    fileName: 'expense-reimbursement-form.pdf',
    daysAgo: 33,
    pdf: {
      subtitle: 'Submit within 60 days of the expense',
      paragraphs: ['Approved claims are paid with the next pay date. Receipts are required for every item over $25.'],
      fields: ['Employee name', 'Location', 'Date and purpose of expense', 'Amount (USD)', 'Manager approval'],
    },
  },
  {
    name: 'Benefits Overview',
    category: 'Benefits & Insurance',
    description: 'Health, dental, vision, 401(k) and wellness benefits at a glance',
    fileName: 'benefits-overview.pdf',
    daysAgo: 75,
    pdf: {
      subtitle: 'For full-time employees and part-time employees working 30+ hours a week',
      paragraphs: [
        '- Medical: two plans to choose from; FlexSpace pays 80% of the premium for you and 60% for dependants.',
        '- Dental and vision: fully paid for you.',
        '- 401(k): we match 100% of the first 4% you contribute, vested immediately.',
        '- Wellness: $50 a month towards a gym, fitness classes or therapy apps.',
        'Benefits start on the first day of the month after your start date.',
      ],
    },
  },
  {
    name: 'Benefits Enrollment Form',
    category: 'Benefits & Insurance',
    description: 'Choose your plans and add dependants within 30 days of joining',
    fileName: 'benefits-enrollment-form.pdf',
    daysAgo: 75,
    pdf: {
      subtitle: 'Return within 30 days of your start date or a qualifying life event',
      paragraphs: ['Choose one medical plan. Dependants need a date of birth and their relationship to you.'],
      fields: ['Employee name', 'Medical plan (Standard or Plus)', 'Dependants (name, date of birth, relationship)', 'Signature and date'],
    },
  },
  {
    name: 'Company Holiday Calendar',
    category: 'Time Off & Holidays',
    description: 'The twelve company holidays when our offices close to staff',
    fileName: 'company-holiday-calendar.pdf',
    daysAgo: 12,
    pdf: {
      subtitle: 'Locations stay open to members with key card access',
      paragraphs: [
        "- New Year's Day",
        "- Martin Luther King Jr. Day",
        "- Presidents' Day",
        "- Memorial Day",
        "- Juneteenth",
        "- Independence Day",
        "- Labor Day",
        "- Thanksgiving Day",
        "- The day after Thanksgiving",
        "- Christmas Eve",
        "- Christmas Day",
        "- New Year's Eve",
        'Front-of-house staff who work on a company holiday receive another day off in lieu, taken within three months.',
      ],
    },
  },
  {
    name: 'Time Off Request Form',
    category: 'Time Off & Holidays',
    description: 'Request vacation or personal days; give two weeks notice for more than three days',
    fileName: 'time-off-request-form.pdf',
    daysAgo: 90,
    pdf: {
      subtitle: 'Send to your manager, who approves within three working days',
      paragraphs: ['Vacation days are counted per calendar year. Up to five unused days carry over to the first quarter of the next year.'],
      fields: ['Employee name', 'First day off', 'Last day off', 'Days requested', 'Cover arranged with', 'Manager approval'],
    },
  },
  {
    name: 'Emergency Procedures',
    category: 'Safety & Compliance',
    description: 'Fire, medical and building emergencies: what to do and who to call',
    fileName: 'emergency-procedures.pdf',
    daysAgo: 150,
    pdf: {
      subtitle: 'Post at every front desk; review at each quarterly drill',
      paragraphs: [
        '- Fire alarm: stop work, leave by the nearest stairs (never the elevators) and meet at your location\'s assembly point.',
        '- Medical emergency: call 911, then the front desk; first-aid kits and defibrillators are at every reception.',
        '- Front desk staff sweep their floor and report to the fire warden with the visitor log.',
        '- After any incident, file a report with the Operations team within 24 hours.',
      ],
    },
  },
  {
    name: 'Workplace Safety Checklist',
    category: 'Safety & Compliance',
    description: 'The daily opening checklist for front-of-house teams',
    fileName: 'workplace-safety-checklist.txt',
    daysAgo: 7,
    text: `WORKPLACE SAFETY CHECKLIST - daily, at opening

[ ] Fire exits and stairwells clear and unlocked from inside
[ ] Emergency lighting working on every floor
[ ] First-aid kit and defibrillator checked at reception
[ ] Kitchen appliances off and clean; no water on floors
[ ] Visitor log ready; badges stocked
[ ] Report anything out of order to Operations before 10:00 AM
`,
  },
  {
    name: 'New Hire Orientation Guide',
    category: 'Training & Development',
    description: 'Your first two weeks: systems, locations, people and training',
    fileName: 'new-hire-orientation-guide.pdf',
    daysAgo: 26,
    pdf: {
      subtitle: 'Welcome aboard',
      paragraphs: [
        'Your first two weeks combine time at your home location with visits to two others, so you know how each of our spaces works.',
        '- Day 1: accounts, equipment, a tour of your location and lunch with your team.',
        '- Week 1: shadow the front desk, the community team and building operations.',
        '- Week 2: complete the safety and data protection modules in the learning portal.',
        'Your manager meets you at the end of week two and again after 90 days.',
      ],
    },
  },
  {
    name: 'Professional Development Program',
    category: 'Training & Development',
    description: 'Courses, certifications and the yearly learning budget',
    fileName: 'professional-development-program.pdf',
    daysAgo: 55,
    pdf: {
      subtitle: 'Grow with us',
      paragraphs: [
        'Every employee has a yearly learning budget of $1,500 for courses, conferences and certifications related to their role.',
        '- Agree a learning plan with your manager at your yearly review.',
        '- Hospitality, facilities management and sales certifications are fully covered.',
        '- Share what you learned with your team within a month of the course.',
      ],
    },
  },
];

const RESOURCES_SEED_STREAM = 'system-demo-seed-resources';
const DAY = 86_400_000;

/**
 * The sample documents, generated (pdf-lib) and stored through the upload's own path (bytes
 * sniffed, stored by hash beside the event, the command), once under their own marker. The demo
 * admin uploaded them, each at its own date.
 */
export async function seedDemoResources(sql: Pool, handle: HandleCommand, now = new Date()): Promise<boolean> {
  if (await seeded(sql, RESOURCES_SEED_STREAM)) return false;
  const [admin] = await sql<{ id: string }[]>`SELECT id FROM users WHERE role = 'admin' ORDER BY email LIMIT 1`;
  return seedOnce(sql, RESOURCES_SEED_STREAM, 'DemoResourcesSeeded', async (tx) => {
    for (const sample of SAMPLE_DOCUMENTS) {
      const at = new Date(now.getTime() - sample.daysAgo * DAY);
      const bytes = sample.pdf ? await renderPdf({ title: sample.name, ...sample.pdf }, at) : Buffer.from(sample.text ?? '', 'utf8');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const fields = { name: sample.name, description: sample.description, category: sample.category };
      const details = await describeFile({ bytes, sha256, fileName: sample.fileName }, fields);
      if (!details) throw new Error(`the sample document ${sample.name} is of no accepted kind`);
      const id = randomUUID();
      await storeContent(tx, sha256, bytes);
      await handle(resourceAggregate, id, { type: 'UploadResource', id, details }, { userId: admin?.id ?? 'system', now: at }, { tx });
    }
    return true;
  });
}
