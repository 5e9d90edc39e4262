import { type LocaleObject, setLocale } from 'yup';
import { messageWithValues, type ValidationMessageKey } from './validation-messages';

const key = (name: ValidationMessageKey): ValidationMessageKey => name;

/**
 * yup's own messages ("email must be at most 254 characters") are English and are fixed into a rule
 * when the rule is made. Every default is replaced here by a translation key, so a rule written
 * without a message still speaks the page's language (useFieldError translates keys when shown).
 */
export const YUP_LOCALE = {
  mixed: {
    default: key('validation.invalid'),
    required: key('validation.required'),
    defined: key('validation.required'),
    notNull: key('validation.required'),
    oneOf: key('validation.choose'),
    notOneOf: key('validation.invalid'),
    notType: key('validation.invalid'),
  },
  string: {
    length: ({ length }) => messageWithValues('validation.exactLength', { length }),
    min: ({ min }) => messageWithValues('validation.minLength', { min }),
    max: ({ max }) => messageWithValues('validation.maxLength', { max }),
    matches: key('validation.invalid'),
    email: key('validation.email'),
    url: key('validation.invalid'),
    uuid: key('validation.invalid'),
    datetime: key('validation.invalid'),
    datetime_offset: key('validation.invalid'),
    datetime_precision: key('validation.invalid'),
    trim: key('validation.invalid'),
    lowercase: key('validation.invalid'),
    uppercase: key('validation.invalid'),
  },
  number: {
    min: ({ min }) => messageWithValues('validation.atLeast', { min }),
    max: ({ max }) => messageWithValues('validation.atMost', { max }),
    lessThan: ({ less }) => messageWithValues('validation.lessThan', { less }),
    moreThan: ({ more }) => messageWithValues('validation.moreThan', { more }),
    positive: ({ more }) => messageWithValues('validation.moreThan', { more }),
    negative: ({ less }) => messageWithValues('validation.lessThan', { less }),
    integer: key('validation.integer'),
  },
  date: { min: key('validation.invalid'), max: key('validation.invalid') },
  boolean: { isValue: key('validation.required') },
  object: { noUnknown: key('validation.invalid'), exact: key('validation.invalid') },
  array: {
    length: ({ length }) => messageWithValues('validation.chooseExactly', { length }),
    min: ({ min }) => messageWithValues('validation.chooseAtLeast', { min }),
    max: ({ max }) => messageWithValues('validation.chooseAtMost', { max }),
  },
  tuple: { notType: key('validation.invalid') },
} satisfies Required<{ [Type in keyof LocaleObject]: Required<NonNullable<LocaleObject[Type]>> }>;

setLocale(YUP_LOCALE);

/**
 * The app's only door to yup (biome refuses `from 'yup'` elsewhere in the client): importing from
 * here guarantees the locale above is set before any schema is made.
 */
export * from 'yup';
