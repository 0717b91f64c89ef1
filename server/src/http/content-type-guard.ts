import type { RequestHandler } from 'express';
import { UnsupportedMediaTypeError } from './errors.ts';

const ALLOWED_PARAMETERS: Record<string, string[]> = {
  'application/json': ['charset'],
  'multipart/form-data': ['boundary', 'charset'],
};

/**
 * express-openapi-validator compiles and caches one validator per distinct Content-Type value,
 * with no bound (docs/adr/004-request-validation.md): only the media types the contract uses, with
 * only charset=utf-8 (and multipart's boundary), ever reach it.
 */
export const contentTypeGuard: RequestHandler = (req, _res, next) => {
  const header = req.headers['content-type'];
  if (header === undefined) return next();
  const [mediaType = '', ...parameters] = header.split(';').map((part) => part.trim());
  const allowed = ALLOWED_PARAMETERS[mediaType.toLowerCase()];
  if (!allowed) return next(new UnsupportedMediaTypeError());
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=').map((part) => part.trim());
    const key = name.toLowerCase();
    if (!allowed.includes(key)) return next(new UnsupportedMediaTypeError());
    if (key === 'charset' && value.replace(/"/g, '').toLowerCase() !== 'utf-8') {
      return next(new UnsupportedMediaTypeError());
    }
  }
  // The validator's cache key is the raw header: hand it one canonical value per media type.
  if (mediaType.toLowerCase() === 'application/json')
    req.headers['content-type'] = 'application/json';
  next();
};
