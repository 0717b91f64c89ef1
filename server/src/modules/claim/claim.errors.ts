import { ConflictError, GoneError, NotFoundError } from '../../http/errors.ts';
import { messages } from '@prize/generated/rules';

export const CLAIM_NOT_FOUND = 'This claim could not be found. Please start a new claim.';
export const CLAIM_ALREADY_SUBMITTED = messages.claimAlreadySubmitted;
export const CLAIM_EXPIRED = 'This claim has expired. Please start a new claim.';

export const claimNotFound = () => new NotFoundError(CLAIM_NOT_FOUND);
export const claimAlreadySubmitted = () => new ConflictError(CLAIM_ALREADY_SUBMITTED);
export const claimExpired = () => new GoneError(CLAIM_EXPIRED);
