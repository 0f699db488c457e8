/**
 * Turns an elicitation's restricted JSON Schema into form fields, prefilled values, validation errors and the answer
 * content. Pure: the form component only renders what this module decides.
 */
import type { ElicitationProperty, ElicitationSchema } from '../../../../../shared/elicitation.ts';

/** How a field is edited. */
export type FieldKind = 'text' | 'email' | 'uri' | 'date' | 'date-time' | 'number' | 'integer' | 'boolean' | 'select' | 'multiselect';

/** One choice of a select or multi-select field. */
export interface FieldOption {
  value: string;
  label: string;
}

/** One form field, derived from one schema property. */
export interface FormField {
  name: string;
  label: string;
  description?: string;
  required: boolean;
  kind: FieldKind;
  options: FieldOption[];
  /** Length limits for text, value limits for numbers, item limits for multi-selects. */
  min?: number;
  max?: number;
}

/** What the user typed or picked, per field: text inputs keep their raw string until submit. */
export type FormValue = string | boolean | string[];
/** Every field's current value. */
export type FormValues = Record<string, FormValue>;

/** A validation problem as a translation key (in the elicitation namespace) and its parameters. */
export interface FieldError {
  key: 'required' | 'minLength' | 'maxLength' | 'email' | 'uri' | 'date' | 'dateTime' | 'number' | 'integer' | 'minimum' | 'maximum' | 'minItems' | 'maxItems' | 'option';
  params?: Record<string, number>;
}

/** The value sent back for one field. */
export type AnswerValue = string | number | boolean | string[];

/** Builds the fields in the schema's property order. */
export function fieldsOf(schema: ElicitationSchema): FormField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, prop]) => fieldOf(name, prop, required.has(name)));
}

function fieldOf(name: string, prop: ElicitationProperty, required: boolean): FormField {
  const base = { name, label: prop.title?.trim() || name, required, options: [] as FieldOption[], ...(prop.description ? { description: prop.description } : {}) };
  switch (prop.type) {
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'number':
    case 'integer':
      return { ...base, kind: prop.type, ...limits(prop.minimum, prop.maximum) };
    case 'array': {
      const options = prop.items.anyOf?.map((o) => ({ value: o.const, label: o.title || o.const })) ?? (prop.items.enum ?? []).map((v) => ({ value: v, label: v }));
      return { ...base, kind: 'multiselect', options, ...limits(prop.minItems, prop.maxItems) };
    }
    case 'string': {
      const options = stringOptions(prop);
      if (options) return { ...base, kind: 'select', options };
      const kind: FieldKind = prop.format === 'email' || prop.format === 'uri' || prop.format === 'date' || prop.format === 'date-time' ? prop.format : 'text';
      return { ...base, kind, ...limits(prop.minLength, prop.maxLength) };
    }
    default:
      // A property outside the restricted schema: still let the user answer it as text rather than drop it.
      return { ...base, kind: 'text' };
  }
}

function stringOptions(prop: Extract<ElicitationProperty, { type: 'string' }>): FieldOption[] | undefined {
  if (prop.oneOf && prop.oneOf.length > 0) return prop.oneOf.map((o) => ({ value: o.const, label: o.title || o.const }));
  if (prop.enum && prop.enum.length > 0) return prop.enum.map((v, i) => ({ value: v, label: prop.enumNames?.[i] ?? v }));
  return undefined;
}

function limits(min: number | undefined, max: number | undefined): { min?: number; max?: number } {
  return { ...(typeof min === 'number' ? { min } : {}), ...(typeof max === 'number' ? { max } : {}) };
}

/** The starting values: the schema's defaults where given (converted to what the inputs show), else empty. */
export function initialValues(schema: ElicitationSchema, fields: FormField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const def: unknown = (schema.properties[field.name] as { default?: unknown } | undefined)?.default;
    values[field.name] = initialValue(field, def);
  }
  return values;
}

function initialValue(field: FormField, def: unknown): FormValue {
  switch (field.kind) {
    case 'boolean':
      return typeof def === 'boolean' ? def : false;
    case 'multiselect':
      return Array.isArray(def) ? def.filter((v): v is string => typeof v === 'string') : [];
    case 'number':
    case 'integer':
      return typeof def === 'number' && Number.isFinite(def) ? String(def) : '';
    case 'date-time':
      return typeof def === 'string' ? toLocalDateTimeInput(def) : '';
    default:
      return typeof def === 'string' ? def : '';
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Validates one field's value; undefined when it is fine. */
export function validateField(field: FormField, value: FormValue | undefined): FieldError | undefined {
  if (field.kind === 'boolean') return undefined;
  if (field.kind === 'multiselect') {
    const picked = Array.isArray(value) ? value : [];
    if (picked.length === 0 && field.required && field.min === undefined) return { key: 'required' };
    if (picked.some((v) => !field.options.some((o) => o.value === v))) return { key: 'option' };
    if (field.min !== undefined && picked.length < field.min && (picked.length > 0 || field.required)) return { key: 'minItems', params: { min: field.min } };
    if (field.max !== undefined && picked.length > field.max) return { key: 'maxItems', params: { max: field.max } };
    return undefined;
  }
  const text = typeof value === 'string' ? value : '';
  if (text.trim() === '') return field.required ? { key: 'required' } : undefined;
  switch (field.kind) {
    case 'number':
    case 'integer': {
      if (!NUMBER.test(text.trim())) return { key: 'number' };
      const n = Number(text);
      if (field.kind === 'integer' && !Number.isInteger(n)) return { key: 'integer' };
      if (field.min !== undefined && n < field.min) return { key: 'minimum', params: { min: field.min } };
      if (field.max !== undefined && n > field.max) return { key: 'maximum', params: { max: field.max } };
      return undefined;
    }
    case 'select':
      return field.options.some((o) => o.value === text) ? undefined : { key: 'option' };
    case 'email':
      if (!EMAIL.test(text)) return { key: 'email' };
      break;
    case 'uri':
      if (!isUri(text)) return { key: 'uri' };
      break;
    case 'date':
      if (!DATE.test(text) || Number.isNaN(Date.parse(text))) return { key: 'date' };
      break;
    case 'date-time':
      if (Number.isNaN(new Date(text).getTime())) return { key: 'dateTime' };
      break;
    case 'text':
      break;
  }
  const length = [...text].length;
  if (field.min !== undefined && length < field.min) return { key: 'minLength', params: { min: field.min } };
  if (field.max !== undefined && length > field.max) return { key: 'maxLength', params: { max: field.max } };
  return undefined;
}

function isUri(text: string): boolean {
  try {
    const url = new URL(text);
    return /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol);
  } catch {
    return false;
  }
}

/** Validates every field; the map holds only fields with a problem. */
export function validateForm(fields: FormField[], values: FormValues): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of fields) {
    const problem = validateField(field, values[field.name]);
    if (problem) errors[field.name] = problem;
  }
  return errors;
}

/** Converts valid form values to the answer content: typed numbers, ISO date-times, empty optional fields left out. */
export function answerContent(fields: FormField[], values: FormValues): Record<string, AnswerValue> {
  const content: Record<string, AnswerValue> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'boolean') {
      content[field.name] = value === true;
      continue;
    }
    if (field.kind === 'multiselect') {
      const picked = Array.isArray(value) ? value : [];
      if (picked.length > 0 || field.required) content[field.name] = field.options.map((o) => o.value).filter((v) => picked.includes(v));
      continue;
    }
    const text = typeof value === 'string' ? value : '';
    if (text.trim() === '') continue;
    if (field.kind === 'number' || field.kind === 'integer') content[field.name] = Number(text);
    else if (field.kind === 'date-time') content[field.name] = new Date(text).toISOString();
    else content[field.name] = text;
  }
  return content;
}

/** An ISO date-time shown in a `datetime-local` input (local time, minutes precision). */
export function toLocalDateTimeInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
