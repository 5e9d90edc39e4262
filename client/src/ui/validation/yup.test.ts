import { describe, expect, it } from 'vitest';
import { i18n } from '../../platform/i18n';
import { emailText, optionalText } from './schemas';
import { isValidationMessageKey, parseValidationMessage } from './validation-messages';
import { array, number, object, string, YUP_LOCALE } from './yup';

const params = { path: 'field', value: '', originalValue: '', label: undefined, spec: {} };
const numbers = { length: 3, min: 1, max: 9, less: 5, more: 2, precision: 3, regex: /x/ };

/** The first message yup gives for a value, as the form would hold it. */
async function messageOf(schema: { validate: (value: unknown) => Promise<unknown> }, value: unknown) {
  try {
    await schema.validate(value);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('yup messages come from the i18n layer (issue 8, item 9)', () => {
  it('replaces every one of yup’s English defaults with a translation key', () => {
    for (const [type, messages] of Object.entries(YUP_LOCALE)) {
      for (const [rule, message] of Object.entries(messages)) {
        const text = typeof message === 'function' ? message({ ...params, ...numbers }) : message;
        expect(parseValidationMessage(text), `${type}.${rule}`).not.toBeNull();
      }
    }
  });

  it('gives rules written without a message a key too', async () => {
    expect(await messageOf(string().max(3), 'abcd')).toBe('validation.maxLength|{"max":3}');
    expect(await messageOf(string().required(), '')).toBe('validation.required');
    expect(await messageOf(number().min(2), 1)).toBe('validation.atLeast|{"min":2}');
    expect(await messageOf(array().min(1), [])).toBe('validation.chooseAtLeast|{"min":1}');
    expect(await messageOf(object({ n: number() }), { n: 'x' })).toBe('validation.invalid');
  });

  it('tells a 4,000-character e-mail that it is too long, in Thai and in English', async () => {
    const message = await messageOf(emailText(), `${'a'.repeat(3990)}@example.com`);
    const parsed = parseValidationMessage(message);
    expect(parsed).toEqual({ key: 'validation.maxLength', values: { max: 254 } });
    if (!parsed) throw new Error('not a key');
    expect(i18n.getFixedT('th')(parsed.key, parsed.values)).toBe('ยาวได้ไม่เกิน 254 ตัวอักษร');
    expect(i18n.getFixedT('en')(parsed.key, parsed.values)).toBe('At most 254 characters');
  });

  it('limits optional text with the limit in the message', async () => {
    expect(await messageOf(optionalText(5), 'abcdef')).toBe('validation.maxLength|{"max":5}');
    expect(isValidationMessageKey('validation.tooLong')).toBe(false);
  });
});
