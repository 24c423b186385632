import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../core-messages';
import { ACCOUNT_MESSAGES } from '../messages/account';
import { APPLICATION_MESSAGES } from '../messages/applications';
import { CAREER_CARD_MESSAGES } from '../messages/career-card';
import { hasControlCharacters } from './fields';

/**
 * The sprint team's final submission (PUT /applications/{joinId}/submission): one schema for the member's
 * form in my page and the programs service's request body. The spec gives none of these limits; they are
 * product configuration (services/programs/OPERATORS.md).
 */
export const SUBMISSION_LIMITS = {
  projectNameMax: 100,
  descriptionMax: 5000,
  linkMax: 500,
  imagesMax: 10,
} as const;

/** An uploaded image's public path (POST /fileUpload answers `/media/uploads/{imgId}`). */
export const UPLOAD_PATH = /^\/media\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isWebLink = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !hasControlCharacters(value);
  } catch {
    return false;
  }
};

const printable = z.refine<string>((value) => !hasControlCharacters(value), CAREER_CARD_MESSAGES.textInvalidCharacters);
const link = (required: string) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(SUBMISSION_LIMITS.linkMax, CAREER_CARD_MESSAGES.projectLinkInvalid),
      z.refine(isWebLink, CAREER_CARD_MESSAGES.projectLinkInvalid),
    );
/** An image of the submission: the member's upload, or an image already on the web. */
const image = z.string({ error: ACCOUNT_MESSAGES.imageInvalid }).check(
  z.maxLength(SUBMISSION_LIMITS.linkMax, ACCOUNT_MESSAGES.imageInvalid),
  z.refine((value) => UPLOAD_PATH.test(value) || isWebLink(value), ACCOUNT_MESSAGES.imageInvalid),
);

export const submissionSchema = z.object(
  {
    projectName: z
      .string({ error: CAREER_CARD_MESSAGES.projectTitleRequired })
      .check(
        z.trim(),
        z.minLength(1, CAREER_CARD_MESSAGES.projectTitleRequired),
        z.maxLength(SUBMISSION_LIMITS.projectNameMax, CAREER_CARD_MESSAGES.projectTitleLength),
        printable,
      ),
    description: z
      .string({ error: APPLICATION_MESSAGES.submissionDescriptionRequired })
      .check(
        z.trim(),
        z.minLength(1, APPLICATION_MESSAGES.submissionDescriptionRequired),
        z.maxLength(SUBMISSION_LIMITS.descriptionMax, APPLICATION_MESSAGES.submissionDescriptionLength),
        printable,
      ),
    repositoryUrl: link(APPLICATION_MESSAGES.submissionRepositoryRequired),
    /** Null: no demo (the form's empty field). */
    demoUrl: z.nullable(link(CAREER_CARD_MESSAGES.projectLinkInvalid)),
    images: z
      .array(image, { error: ACCOUNT_MESSAGES.imageInvalid })
      .check(z.maxLength(SUBMISSION_LIMITS.imagesMax, APPLICATION_MESSAGES.submissionImagesTooMany)),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type SubmissionForm = z.infer<typeof submissionSchema>;
