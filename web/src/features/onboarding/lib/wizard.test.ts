import { describe, expect, it } from 'vitest';
import {
  missingDocumentFields,
  missingImages,
  missingPersonal,
  personalDraft,
  progressPercent,
  stepForStatus,
} from './wizard';

describe('identity verification wizard', () => {
  it('fills the progress bar a fifth per step', () => {
    expect(progressPercent('personal')).toBe(20);
    expect(progressPercent('verification')).toBe(60);
    expect(progressPercent('complete')).toBe(100);
  });

  it('opens where the application stands', () => {
    expect(stepForStatus({ status: 'draft', personal: null })).toBe('personal');
    expect(stepForStatus({ status: 'reviewing', personal: null })).toBe('verification');
    expect(stepForStatus({ status: 'rejected', personal: null })).toBe('review');
    expect(stepForStatus({ status: 'approved', personal: null })).toBe('complete');
  });

  it('starts from the profile and names every empty required field', () => {
    const draft = personalDraft(null, {
      firstName: 'Ada',
      lastName: '',
      email: 'ada@example.com',
      phone: '',
    });
    expect(draft).toMatchObject({ firstName: 'Ada', email: 'ada@example.com', accountType: 'individual' });
    expect(missingPersonal(draft)).toEqual([
      'lastName',
      'phone',
      'dateOfBirth',
      'nationality',
      'address',
      'city',
      'postalCode',
      'country',
      'occupation',
      'monthlyIncome',
    ]);
    expect(
      missingDocumentFields({ documentType: 'passport', documentNumber: ' ', expiryDate: '2030-01-01' }),
    ).toEqual(['documentNumber']);
  });

  it('needs a back image unless the document is a passport', () => {
    expect(missingImages('passport', new Set(['front']))).toEqual(['selfie']);
    expect(missingImages('license', new Set(['front', 'selfie']))).toEqual(['back']);
    expect(missingImages('id_card', new Set(['front', 'back', 'selfie']))).toEqual([]);
  });
});
