import { getDirective } from '@graphql-tools/utils';
import {
  DirectiveLocation,
  defaultFieldResolver,
  type GraphQLArgument,
  GraphQLDirective,
  type GraphQLInputField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLInt,
  GraphQLNonNull,
  type GraphQLSchema,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { Directive } from 'type-graphql';
import { eachText, notAnId, nulCharacter, outOfRange, textLength, tooLong } from '../validation/input-errors';

// Bad input never reaches a resolver, let alone the database. Every argument and input field at any
// depth is checked before its field's resolver runs, by one wrapper installed here on every field
// that takes arguments (like the access declarations of access.ts, it cannot be forgotten):
//
// - text (String, and every text inside a JSON object): at most `@maxLength(n)` characters, 255
//   when undeclared; never the NUL character (PostgreSQL cannot store it);
// - ID: a record id, a whole number 1..2147483647 (our ids are integer keys), unless it declares
//   `@maxLength(n)`, which makes it opaque text of at most n characters;
// - Int and Float: within `@range(min, max)`; an undeclared Int must be 0 or more.
//
// Refusals are BAD_INPUT (400) naming the argument in Thai and English. The directives are printed
// in schema.graphql, so integrators read the limits there.

export const DEFAULT_MAX_LENGTH = 255;
export const MAX_RECORD_ID = 2_147_483_647;
const DEFAULT_INT_MIN = 0;

const inputLocations = [DirectiveLocation.ARGUMENT_DEFINITION, DirectiveLocation.INPUT_FIELD_DEFINITION];

export const maxLengthDirective = new GraphQLDirective({
  name: 'maxLength',
  description: `The most characters the text accepts (for a JSON object: every text inside it). Text without it accepts ${DEFAULT_MAX_LENGTH}; an ID with it is text rather than a record number. Longer text is refused (BAD_INPUT).`,
  locations: inputLocations,
  args: { n: { type: new GraphQLNonNull(GraphQLInt) } },
});

export const rangeDirective = new GraphQLDirective({
  name: 'range',
  description:
    'The smallest and largest number accepted; an Int without it must be 0 or more. Others are refused (BAD_INPUT).',
  locations: inputLocations,
  args: { min: { type: GraphQLInt }, max: { type: GraphQLInt } },
});

export const limitDirectives = [maxLengthDirective, rangeDirective];

/** The most characters an argument or input field accepts (the database column's length). */
export function MaxLength(n: number): PropertyDecorator & ParameterDecorator {
  if (!Number.isInteger(n) || n < 1) throw new Error(`@MaxLength needs a whole number from 1, not ${n}`);
  return Directive(`@maxLength(n: ${n})`);
}

/** The smallest (and largest) number an argument or input field accepts. */
export function Range(min: number, max?: number): PropertyDecorator & ParameterDecorator {
  if (!Number.isInteger(min) || (max !== undefined && (!Number.isInteger(max) || max < min))) {
    throw new Error(`@Range needs whole numbers with min <= max, not ${min}..${max}`);
  }
  return Directive(max === undefined ? `@range(min: ${min})` : `@range(min: ${min}, max: ${max})`);
}

type InputDef = GraphQLArgument | GraphQLInputField;

export interface InputLimit {
  kind: 'text' | 'id' | 'number' | 'json' | 'none';
  maxLength: number | null;
  min: number | null;
  max: number | null;
}

const numberScalars = new Set(['Int', 'Float']);
const untextual = new Set(['Int', 'Float', 'Boolean']);

/** What an argument or input field accepts, declared or by default; throws on a misplaced directive. */
export function inputLimit(schema: GraphQLSchema, def: InputDef): InputLimit {
  let type: GraphQLInputType = def.type;
  while (isNonNullType(type) || isListType(type)) type = type.ofType;
  const declaredLength = (getDirective(schema, def, 'maxLength')?.[0] as { n: number } | undefined)?.n;
  const range = getDirective(schema, def, 'range')?.[0] as { min?: number; max?: number } | undefined;
  const scalar = isScalarType(type) ? type.name : null;
  if (declaredLength !== undefined && (!scalar || untextual.has(scalar)))
    throw new Error(`@maxLength on ${def.name}: only text, ID and JSON take a length`);
  if (range && (!scalar || !numberScalars.has(scalar)))
    throw new Error(`@range on ${def.name}: only Int and Float take a range`);
  const none: InputLimit = { kind: 'none', maxLength: null, min: null, max: null };
  if (!scalar || scalar === 'Boolean') return none;
  if (numberScalars.has(scalar)) {
    const min = range?.min ?? (scalar === 'Int' ? DEFAULT_INT_MIN : null);
    return { ...none, kind: 'number', min, max: range?.max ?? null };
  }
  if (scalar === 'ID' && declaredLength === undefined)
    return { ...none, kind: 'id', min: 1, max: MAX_RECORD_ID };
  const kind = scalar === 'String' || scalar === 'ID' ? 'text' : 'json';
  return { ...none, kind, maxLength: declaredLength ?? DEFAULT_MAX_LENGTH };
}

type Check = (value: unknown, path: string) => void;

function textCheck(name: string, max: number): Check {
  return (value, path) => {
    if (typeof value !== 'string') return;
    if (value.includes('\u0000')) throw nulCharacter(name, path);
    if (value.length > max && textLength(value) > max) throw tooLong(name, max, path);
  };
}

/** Every text inside a JSON value, keys included (without recursion: JSON may nest deep). */
function jsonCheck(name: string, max: number): Check {
  const text = textCheck(name, max);
  return (value, path) => {
    eachText(value, path, (t, p) => {
      text(t, p);
      return null;
    });
  };
}

const recordId = /^[1-9]\d{0,9}$/;

function leafCheck(limit: InputLimit, name: string): Check | null {
  switch (limit.kind) {
    case 'text':
      return textCheck(name, limit.maxLength ?? DEFAULT_MAX_LENGTH);
    case 'json':
      return jsonCheck(name, limit.maxLength ?? DEFAULT_MAX_LENGTH);
    case 'id':
      return (value, path) => {
        const text = String(value);
        if (!recordId.test(text) || Number(text) > MAX_RECORD_ID) throw notAnId(name, path);
      };
    case 'number':
      return (value, path) => {
        if (typeof value !== 'number') return;
        if ((limit.min !== null && value < limit.min) || (limit.max !== null && value > limit.max))
          throw outOfRange(name, limit.min, limit.max, path);
      };
    default:
      return null;
  }
}

class Checks {
  private readonly objects = new Map<string, Check>();
  constructor(private readonly schema: GraphQLSchema) {}

  of(def: InputDef, type: GraphQLInputType = def.type): Check | null {
    if (isNonNullType(type)) return this.of(def, type.ofType);
    if (isListType(type)) {
      const item = this.of(def, type.ofType);
      if (!item) return null;
      return (value, path) => {
        if (!Array.isArray(value)) return item(value, path);
        for (let i = 0; i < value.length; i++) if (value[i] != null) item(value[i], `${path}[${i}]`);
      };
    }
    if (isInputObjectType(type)) return this.object(type);
    return leafCheck(inputLimit(this.schema, def), def.name);
  }

  private object(type: GraphQLInputObjectType): Check {
    const known = this.objects.get(type.name);
    if (known) return known;
    let fields: [string, Check][] = [];
    const check: Check = (value, path) => {
      if (!value || typeof value !== 'object') return;
      for (const [name, c] of fields) {
        const v = (value as Record<string, unknown>)[name];
        if (v != null) c(v, `${path}.${name}`);
      }
    };
    this.objects.set(type.name, check); // before the fields: input types may refer to themselves
    fields = Object.values(type.getFields()).flatMap((f) => {
      const c = this.of(f);
      return c ? [[f.name, c] as [string, Check]] : [];
    });
    return check;
  }
}

/**
 * Installs the checks on every field that takes arguments; throws when a directive sits where it
 * means nothing (e.g. @maxLength on an Int).
 */
export function applyInputLimits(schema: GraphQLSchema): GraphQLSchema {
  const checks = new Checks(schema);
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isInputObjectType(type)) {
      for (const f of Object.values(type.getFields())) inputLimit(schema, f);
      continue;
    }
    if (!isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const argChecks = field.args.flatMap((a) => {
        const c = checks.of(a);
        return c ? [[a.name, c] as [string, Check]] : [];
      });
      if (argChecks.length === 0) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args: Record<string, unknown>, context, info) => {
        for (const [name, check] of argChecks) {
          const value = args[name];
          if (value != null) check(value, name);
        }
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}

function describeLimit(limit: InputLimit): string | null {
  switch (limit.kind) {
    case 'text':
      return `text, at most ${limit.maxLength}`;
    case 'json':
      return `JSON, each text at most ${limit.maxLength}`;
    case 'id':
      return `record id ${limit.min}..${limit.max}`;
    case 'number':
      return `number ${limit.min ?? ''}..${limit.max ?? ''}`;
    default:
      return null;
  }
}

/** Every argument and input field with what it accepts, sorted: reviewed as a snapshot. */
export function describeInputLimits(schema: GraphQLSchema): string[] {
  const lines: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    const defs: [string, InputDef][] = isInputObjectType(type)
      ? Object.values(type.getFields()).map((f) => [`${type.name}.${f.name}`, f])
      : isObjectType(type)
        ? Object.values(type.getFields()).flatMap((field) =>
            field.args.map((a): [string, InputDef] => [`${type.name}.${field.name}(${a.name})`, a]),
          )
        : [];
    for (const [where, def] of defs) {
      const text = describeLimit(inputLimit(schema, def));
      if (text) lines.push(`${where}: ${text}`);
    }
  }
  return lines.sort();
}
