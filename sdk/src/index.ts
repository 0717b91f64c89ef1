export {
  createPrizeClient,
  unwrap,
  type Answer,
  type PrizeClient,
  type PrizeClientOptions,
} from './client.js';
export {
  errorFromAnswer,
  PrizeApiError,
  PrizeValidationError,
  type GeneralErrorBody,
  type ValidationErrorBody,
  type ValidationItem,
} from './errors.js';
export {
  uploadClaimFile,
  uploadInfoRequestFile,
  type FileType,
  type FileUploadResponse,
  type UploadFile,
} from './upload.js';
export type { components, operations, paths } from './generated/openapi.js';
export type { Middleware } from 'openapi-fetch';

/** The contract's named schemas, e.g. `Schemas['ClaimSubmission']`. */
export type Schemas = import('./generated/openapi.js').components['schemas'];
