import type { ContentKind } from '@sq/contracts/api/content-admin';
import { CONTENT_FIELDS, type ContentValues, type FormContext } from './content-fields';
import {
  formatLines,
  formatSections,
  joinParagraphs,
  parseLines,
  parseSections,
  splitParagraphs,
} from './content-text';

export {
  CONTENT_FIELDS,
  NEW_CONTENT,
  type ContentValues,
  type FieldSpec,
  type FieldType,
  type FormContext,
} from './content-fields';

/**
 * The console's content editor, one form for every kind (its fields: content-fields.ts): the same two functions turn
 * the typed text (content-text.ts) into the body the service validates (@sq/contracts/api/content-admin) and back.
 */
function read(body: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      body,
    );
}

function write(body: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let target = body;
  for (const key of keys.slice(0, -1)) {
    const next = target[key];
    target[key] = next && typeof next === 'object' ? { ...(next as Record<string, unknown>) } : {};
    target = target[key] as Record<string, unknown>;
  }
  target[keys.at(-1)!] = value;
}

/** The form's text for a body (a published one, a draft, or NEW_CONTENT). */
export function contentValues(kind: ContentKind, body: unknown): ContentValues {
  const values: ContentValues = {};
  for (const field of CONTENT_FIELDS[kind]) {
    const value = read(body, field.name);
    if (field.type === 'check') values[field.name] = value === true;
    else if (field.type === 'paragraphs') values[field.name] = joinParagraphs(value);
    else if (field.type === 'sections') values[field.name] = formatSections(value);
    else if (field.type === 'lines') values[field.name] = formatLines(value, field.columns ?? []);
    else if (field.type === 'list') values[field.name] = Array.isArray(value) ? value.join('\n') : '';
    else if (field.type === 'cases') values[field.name] = Array.isArray(value) ? value.join(',') : '';
    else values[field.name] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/**
 * The body for the typed values, over `base` (what the item had: fields the form does not show, such as a
 * FAQ refund answer's chosen cases, are kept). Nothing is judged here: the contract's schema does that.
 */
export function contentBody(kind: ContentKind, values: ContentValues, base: unknown, context: FormContext): unknown {
  const body: Record<string, unknown> = {
    ...(base && typeof base === 'object' ? (base as Record<string, unknown>) : {}),
  };
  for (const field of CONTENT_FIELDS[kind]) {
    const value = values[field.name];
    const text = typeof value === 'string' ? value : '';
    switch (field.type) {
      case 'check':
        write(body, field.name, value === true);
        break;
      case 'paragraphs':
        write(body, field.name, splitParagraphs(text));
        break;
      case 'sections':
        write(body, field.name, parseSections(text, kind === 'legal'));
        break;
      case 'lines':
        write(body, field.name, parseLines(text, field.columns ?? []));
        break;
      case 'list':
        write(
          body,
          field.name,
          text
            .split('\n')
            .map((line) => line.trim())
            .filter((line) => line !== ''),
        );
        break;
      case 'cases':
        write(
          body,
          field.name,
          text.split(',').filter((code) => code !== ''),
        );
        break;
      case 'number':
      case 'category':
        write(body, field.name, text.trim() === '' ? (field.optional ? null : undefined) : Number(text));
        break;
      case 'product': {
        const productId = text === '' ? null : Number(text);
        write(body, field.name, productId);
        // Stories and past projects keep the program's name (and a story its slug, for the call-to-action) as published.
        const product = context.products.find((p) => p.productId === productId);
        if (kind === 'story' || kind === 'program-intro') write(body, 'productSlug', product?.slug ?? '');
        if (kind === 'story' || kind === 'project' || kind === 'program-intro')
          write(body, 'productName', product?.name ?? '');
        break;
      }
      case 'select':
        write(body, field.name, text === '' && field.optional ? null : text);
        break;
      default:
        write(body, field.name, text);
    }
  }
  FINISH[kind]?.(body);
  return body;
}

const blank = (value: unknown) => value === '' || value === null || value === undefined;

/** What a kind's body needs beyond its fields one by one. */
const FINISH: Partial<Record<ContentKind, (body: Record<string, unknown>) => void>> = {
  // No hero image is null, not an empty one; a half-filled one goes to the schema for its messages.
  'program-intro': (body) => {
    const hero = body.hero as Record<string, unknown> | null | undefined;
    if (!hero || Object.values(hero).every(blank)) body.hero = null;
  },
  // Only a refund answer picks cases (the boxes keep their ticks while the answer is plain text).
  'faq-entry': (body) => {
    if (body.kind !== 'REFUND') body.refundCases = null;
  },
};

/** The field a message of the service or of the schema belongs to (`sections.2.paragraphs.0` -> `sections`). */
export function fieldOf(kind: ContentKind, path: string): string {
  const fields = CONTENT_FIELDS[kind].map((f) => f.name).sort((a, b) => b.length - a.length);
  if (path === 'productSlug' || path === 'productName') return 'productId';
  return fields.find((name) => path === name || path.startsWith(`${name}.`)) ?? '_';
}

/** Per-field messages for the form (the first message of each field), `_` for the rest. */
export function formErrors(kind: ContentKind, fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) errors[fieldOf(kind, path)] ??= message;
  return errors;
}

/** The public page with the draft, for the operator (`?preview=` is honoured for operators only). */
export function previewUrl(pagePath: string, token: string): string {
  return `${pagePath}${pagePath.includes('?') ? '&' : '?'}preview=${encodeURIComponent(token)}`;
}
