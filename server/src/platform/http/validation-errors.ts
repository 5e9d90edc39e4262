import type { FastifyError } from 'fastify';
import { AppError, badInput } from '../errors';
import { invalidValue, missing, outOfRange, tooLong, tooShort, wrongType } from '../validation/input-errors';
import { thaiName } from '../validation/input-names';

// Fastify's refusals in the project's error body, in Thai and English: JSON-schema validation
// (naming the property, as the GraphQL input limits do) and the body parser's own (bad JSON, an
// unsupported content type, too large). Everything here is the caller's mistake: 4xx, never 500.

interface AjvError {
  keyword: string;
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** `/menuCodes/2` → menuCodes; the root → body (or querystring, params). */
function nameOf(instancePath: string, context: string): { name: string; path: string } {
  const parts = instancePath.split('/').filter(Boolean);
  const name = [...parts].reverse().find((p) => !/^\d+$/.test(p)) ?? context;
  return { name, path: parts.length ? parts.join('.') : context };
}

export function validationError(err: FastifyError): AppError {
  const first = (err.validation?.[0] ?? { keyword: 'unknown' }) as AjvError;
  const context = err.validationContext ?? 'body';
  const params = first.params ?? {};
  const { name, path } = nameOf(first.instancePath ?? '', context);
  const limit = Number(params.limit);
  switch (first.keyword) {
    case 'maxLength':
      return tooLong(name, limit, path);
    case 'minLength':
      return tooShort(name, limit, path);
    case 'type':
      return wrongType(name, String(params.type).split(','), path);
    case 'required': {
      const property = String(params.missingProperty);
      return missing(property, path === context ? property : `${path}.${property}`);
    }
    case 'minimum':
      return outOfRange(name, limit, null, path, false);
    case 'maximum':
      return outOfRange(name, null, limit, path);
    case 'maxItems':
      return badInput(
        `${thaiName(name)}มีได้ไม่เกิน ${limit} รายการ`,
        `${name} may have at most ${limit} items`,
        {
          argument: path,
        },
      );
    default:
      return invalidValue(name, first.message ?? 'is invalid', path);
  }
}

const parserErrors: Record<string, () => AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => badInput('ข้อมูลที่ส่งมาไม่ใช่ JSON ที่ถูกต้อง', 'The body is not valid JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    badInput('ไม่มีข้อมูลที่ส่งมา ทั้งที่ระบุชนิดเป็น JSON', 'The body is empty although its content type is JSON'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      415,
      'ไม่รองรับชนิดข้อมูลที่ส่งมา กรุณาส่งเป็น JSON (application/json)',
      'Unsupported content type: send JSON (application/json)',
    ),
  FST_ERR_CTP_BODY_TOO_LARGE: () =>
    new AppError('PAYLOAD_TOO_LARGE', 413, 'ข้อมูลที่ส่งมามีขนาดใหญ่เกินกำหนด', 'The body is too large'),
};

/** Any other 4xx fastify raises (bad JSON, content type, size, URL) as an AppError. */
export function requestError(err: FastifyError): AppError {
  const known = err.code ? parserErrors[err.code] : undefined;
  if (known) return known();
  const status = err.statusCode ?? 400;
  // Fastify's own wording is about the request; anything else's text is not repeated to the caller.
  const messageEn = err.code?.startsWith('FST_') ? err.message : 'Bad request';
  return new AppError(status === 400 ? 'BAD_INPUT' : 'BAD_REQUEST', status, 'คำขอไม่ถูกต้อง', messageEn);
}
