import { describe, expect, it } from 'vitest';
import { agreementTermsRefusal } from '@shared/domain/agreement';
import { agreementNextStep } from '../../client/src/screens/deals/agreementNextStep';

type Deal = Parameters<typeof agreementNextStep>[0];
const ready: Deal = { stage: 'tour_completed', signature_status: 'not_sent', office_ids: ['o1'], start_date: '2031-03-01', term_months: 12, term_days: null };
const deal = (change: Partial<Deal>): Deal => ({ ...ready, ...change });

describe('the next step the agreement panel names', () => {
  it('is nothing once the agreement can be generated, at Tour Completed or for a new version at Agreement Sent', () => {
    expect(agreementNextStep(ready)).toBeNull();
    expect(agreementNextStep(deal({ stage: 'agreement_sent', signature_status: 'sent' }))).toBeNull();
    expect(agreementNextStep(deal({ term_months: null, term_days: 10 }))).toBeNull();
  });

  it('given a deal before Tour Completed with its terms, says to move it there', () => {
    expect(agreementNextStep(deal({ stage: 'form_submitted' }))).toBe('Move the deal to Tour Completed to generate the agreement');
    expect(agreementNextStep(deal({ stage: 'tour_booked' }))).toBe('Move the deal to Tour Completed to generate the agreement');
  });

  it('given a deal before Tour Completed missing terms, names the move and every missing term', () => {
    expect(agreementNextStep(deal({ stage: 'tour_booked', start_date: null }))).toBe('Move the deal to Tour Completed and add a start date to generate the agreement');
    expect(agreementNextStep(deal({ stage: 'form_submitted', office_ids: [], start_date: null, term_months: 0, term_days: null }))).toBe(
      'Move the deal to Tour Completed and add an office, a start date and a term to generate the agreement',
    );
  });

  it("given a deal at Tour Completed missing terms, is the server's refusal word for word", () => {
    const noTerms = deal({ start_date: null, term_months: null });
    expect(agreementNextStep(noTerms)).toBe('Add a start date and a term before generating the agreement');
    expect(agreementNextStep(noTerms)).toBe(agreementTermsRefusal(noTerms));
    expect(agreementNextStep(deal({ stage: 'agreement_sent', office_ids: [] }))).toBe('Add an office before generating the agreement');
  });

  it('is nothing for a deal that is signed or closed: there is no next step', () => {
    expect(agreementNextStep(deal({ stage: 'agreement_signed', signature_status: 'signed' }))).toBeNull();
    expect(agreementNextStep(deal({ stage: 'close_lost', start_date: null }))).toBeNull();
    expect(agreementNextStep(deal({ stage: 'agreement_sent', signature_status: 'signed' }))).toBeNull();
  });
});
