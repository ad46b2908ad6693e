import { describe, expect, it } from 'vitest';
import type { PersonalInfo } from '@contract/kyc';
import {
  missingDocumentFields,
  missingImages,
  missingPersonal,
  documentProblems,
  personalDraft,
  personalProblems,
  progressPercent,
  stepForStatus,
} from './wizard';

const personalInfo = (): PersonalInfo => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  dateOfBirth: '1990-12-10',
  nationality: 'GB',
  address: '1 Main Street',
  city: 'London',
  postalCode: 'N1 9GU',
  country: 'GB',
  occupation: 'Engineer',
  monthlyIncome: '4500',
  accountType: 'individual',
});

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

  it('resumes a draft at the first step not yet saved', () => {
    const personal = personalInfo();
    const document = {
      documentType: 'passport',
      documentNumber: 'X1234567',
      expiryDate: '2031-01-01',
    } as const;
    expect(stepForStatus({ status: 'draft', personal, document: null })).toBe('documents');
    expect(stepForStatus({ status: 'draft', personal, document })).toBe('verification');
  });

  it("names an under-age birth date and an expired document at their fields, with the reviewer's words", () => {
    const draft = { ...personalDraft(personalInfo(), undefined), dateOfBirth: '2010-06-01' };
    expect(personalProblems(draft, '2026-11-26')).toEqual({
      dateOfBirth: 'You must be at least 18 years old (the date of birth given makes you 16)',
    });
    expect(personalProblems({ ...draft, dateOfBirth: '2008-11-26' }, '2026-11-26')).toEqual({});
    const documents = {
      documentType: 'passport',
      documentNumber: 'X1234567',
      expiryDate: '2026-11-26',
    } as const;
    expect(documentProblems(documents, '2026-11-26')).toEqual({
      expiryDate: 'The passport expired on 2026-11-26: upload a document that is still valid',
    });
    expect(documentProblems({ ...documents, expiryDate: '2026-11-27' }, '2026-11-26')).toEqual({});
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
