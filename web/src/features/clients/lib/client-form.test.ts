import { describe, expect, it } from 'vitest';
import { clientDraftErrors, newClientDraft, toClientBody } from './client-form';

describe('the client form', () => {
  it('sends payment terms as a number', () => {
    const draft = { ...newClientDraft(), name: 'Acme', email: 'a@acme.example', paymentTermsDays: ' 14 ' };
    expect(toClientBody(draft).paymentTermsDays).toBe(14);
    expect(clientDraftErrors(draft)).toEqual({});
  });

  it('names what is wrong, field by field', () => {
    const errors = clientDraftErrors({ ...newClientDraft(), email: 'nope', paymentTermsDays: '1.5' });
    expect(errors).toEqual({
      name: 'Client name is required',
      email: 'Enter a valid email address',
      paymentTermsDays: expect.stringContaining('whole number of days'),
    });
    expect(clientDraftErrors({ ...newClientDraft(), paymentTermsDays: '400' }).paymentTermsDays).toBe(
      'Payment terms can be at most 365 days',
    );
  });
});
