import { z } from 'zod';
import { MESSAGES, careerCardId, isValidCareerCardId } from '@sq/contracts';

/**
 * The career card ID rule lives in @sq/contracts (career-card-id.ts): letters and digits, 2 to 20 characters,
 * never containing 'admin' (the route guard treats such paths as operator pages) nor a reserved child of
 * /careercard. The sign-up form, the account service and this service share it; the table's CHECK
 * constraint repeats the 'admin' part.
 *
 * `profileId` is for ids in URLs (a bad one is just a bad request); `careerCardIdField` is for what a person
 * typed (the duplicate check), with the form's own messages.
 */
export const profileId = z.string({ error: MESSAGES.badRequest }).refine(isValidCareerCardId, MESSAGES.badRequest);
export const careerCardIdField = careerCardId;
