import {
  ageProblem,
  checksFor,
  expiryProblem,
  MINIMUM_AGE,
  documentTypeNames,
  kycCountries,
  kycCountryNames,
  type DocumentSide,
  type KycCheckId,
  type KycCountry,
} from '@contract/kyc';
import type { FileStorage } from '../storage/file-storage';
import { readImageContent, showsSomething, type ImageContent } from './image-content';
import type { CheckResult, ReviewSubject, VerificationProvider } from './verification-provider';

/** Names compared as people write them: case, accents, extra spaces and hyphens do not matter. */
export const normalName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[-'’.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const sideNames: Record<DocumentSide, string> = { front: 'front', back: 'back', selfie: 'selfie' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The embedded reviewer: real checks, here, in a few seconds. Age at least 18, the document still valid, the
 * country supported, each image present, decodable within the pixel limit and showing something (a blank or
 * single-colour frame is refused), and the name on the application matching the profile's where the profile
 * has one. `delayMs` paces the checks so a person
 * watching the wizard sees them complete one by one.
 */
export function embeddedReviewer(deps: { storage: FileStorage; delayMs: number }): VerificationProvider {
  async function image(subject: ReviewSubject, side: DocumentSide): Promise<Omit<CheckResult, 'id'>> {
    const key = subject.images[side];
    if (!key) return { passed: false, detail: `No ${sideNames[side]} image was uploaded: add one` };
    const bytes = await deps.storage.get(key);
    if (!bytes) return { passed: false, detail: `The ${sideNames[side]} image is missing: upload it again` };
    let content: ImageContent;
    try {
      content = await readImageContent(bytes);
    } catch {
      return {
        passed: false,
        detail: `The ${sideNames[side]} image could not be read: upload a clear photo (PNG, JPEG or WebP)`,
      };
    }
    if (!showsSomething(content)) {
      return {
        passed: false,
        detail: `The ${sideNames[side]} image looks blank (one colour, no detail): upload a clear photo of ${side === 'selfie' ? 'your face' : 'the document'}`,
      };
    }
    return { passed: true, detail: `Read a ${content.width}×${content.height} image` };
  }

  const checks: Record<KycCheckId, (subject: ReviewSubject) => Promise<Omit<CheckResult, 'id'>>> = {
    async country({ personal }) {
      const supported = (kycCountries as readonly string[]).includes(personal.country);
      return supported
        ? { passed: true, detail: `${kycCountryNames[personal.country as KycCountry]} is supported` }
        : { passed: false, detail: `We cannot verify residents of ${personal.country} yet` };
    },
    async age({ personal, today }) {
      const problem = ageProblem(personal.dateOfBirth, today);
      return problem
        ? { passed: false, detail: problem }
        : { passed: true, detail: `${MINIMUM_AGE} or older` };
    },
    async document_expiry({ document, today }) {
      const problem = expiryProblem(document.documentType, document.expiryDate, today);
      const name = documentTypeNames[document.documentType];
      return problem
        ? { passed: false, detail: problem }
        : { passed: true, detail: `${name} valid until ${document.expiryDate}` };
    },
    front_image: (subject) => image(subject, 'front'),
    back_image: (subject) => image(subject, 'back'),
    selfie_image: (subject) => image(subject, 'selfie'),
    async name_match({ personal, profileName }) {
      const profile = normalName(`${profileName.firstName} ${profileName.lastName}`);
      if (!profile) return { passed: true, detail: 'Your profile has no name to compare yet' };
      const given = normalName(`${personal.firstName} ${personal.lastName}`);
      return given === profile
        ? { passed: true, detail: 'Matches your profile' }
        : {
            passed: false,
            detail:
              `The name on the application (${personal.firstName} ${personal.lastName}) does not match your profile (${profileName.firstName} ${profileName.lastName})`.replace(
                /\s+\)/g,
                ')',
              ),
          };
    },
  };

  return {
    description: 'Embedded reviewer (rule checks and image decoding on this server)',
    mode: 'embedded',
    async review(subject, report) {
      for (const id of checksFor(subject.document.documentType)) {
        if (deps.delayMs > 0) await sleep(deps.delayMs);
        await report({ id, ...(await checks[id](subject)) });
      }
    },
  };
}
