import type { FastifySchema } from 'fastify';

type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';
type Prop = {
  type: JsonType | JsonType[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Prop;
  maxItems?: number;
};

/**
 * A JSON-schema body for a legacy call: the named properties, the required ones, and other plain
 * values allowed (texts of at most 255 characters, numbers, true/false, null), since the client adds
 * menuCode and menuName to every body (spec sec. 7). Handlers read only the named properties.
 */
export function bodySchema(properties: Record<string, Prop>, required: string[] = []): FastifySchema {
  return {
    body: {
      type: 'object',
      properties: {
        ...properties,
        menuCode: optStr(20),
        menuName: optStr(255),
      },
      required,
      additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 255 },
    },
  };
}

export const str = (maxLength = 255): Prop => ({ type: 'string', maxLength });
export const optStr = (maxLength = 255): Prop => ({ type: ['string', 'null'], maxLength });
export const int = (minimum = 0, maximum = 1_000_000): Prop => ({ type: 'integer', minimum, maximum });
export const optInt = (minimum = 0, maximum = 1_000_000): Prop => ({
  type: ['integer', 'null'],
  minimum,
  maximum,
});
export const strList = (maxLength = 20, maxItems = 500): Prop => ({
  type: 'array',
  items: { type: 'string', maxLength },
  maxItems,
});

/** Result enumeration of spec sec. 3. */
export const Result = { FAIL: 0, SUCCESS: 1 } as const;
