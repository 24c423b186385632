import { ROLE_NAMES, type ApplicantRole } from '@sq/contracts/api/application-states';

/**
 * The editor's plain text and the body's shapes: paragraphs are separated by a blank line, a section starts with a
 * `## 제목` line (a legal section whose refund schedule comes from a program ends its title with `[환불:상품번호]`),
 * and a `lines` field holds one object a line, its values separated by `|`.
 */
type Section = { heading: string | null; paragraphs: string[]; refundProductId?: number | null };

const REFUND_MARK = /\s*\[환불:(\d+)\]\s*$/;

export function splitParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

export function joinParagraphs(paragraphs: unknown): string {
  return Array.isArray(paragraphs) ? paragraphs.join('\n\n') : '';
}

export function parseSections(text: string, legal: boolean): Section[] {
  const sections: Section[] = [];
  let current: { heading: string | null; lines: string[] } | null = null;
  const close = () => {
    if (!current) return;
    const mark = current.heading?.match(REFUND_MARK);
    const heading = current.heading === null ? null : current.heading.replace(REFUND_MARK, '');
    const section: Section = { heading, paragraphs: splitParagraphs(current.lines.join('\n')) };
    if (legal) section.refundProductId = mark ? Number(mark[1]) : null;
    if (section.heading !== null || section.paragraphs.length > 0) sections.push(section);
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) {
      close();
      current = { heading: line.slice(3).trim(), lines: [] };
    } else {
      current ??= { heading: null, lines: [] };
      current.lines.push(line);
    }
  }
  close();
  // A legal section needs its title: text before the first `## ` line gets an empty one (its message says so).
  return legal ? sections.map((s) => ({ ...s, heading: s.heading ?? '' })) : sections;
}

export function formatSections(sections: unknown): string {
  if (!Array.isArray(sections)) return '';
  return (sections as Section[])
    .map((s) => {
      const mark = s.refundProductId ? ` [환불:${s.refundProductId}]` : '';
      const head = s.heading !== null ? `## ${s.heading}${mark}` : '';
      return [head, joinParagraphs(s.paragraphs)].filter((part) => part !== '').join('\n\n');
    })
    .join('\n\n');
}

const ROLE_CODES: Record<string, string> = Object.fromEntries(
  Object.entries(ROLE_NAMES).map(([code, name]) => [name, code]),
);

const column = (spec: string) => ({
  key: spec.replace(/[?#]$/, ''),
  optional: spec.endsWith('?'),
  numeric: spec.endsWith('#'),
});

export function parseLines(text: string, columns: string[]): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const parts = line.split('|').map((part) => part.trim());
      return Object.fromEntries(
        columns.map(column).map(({ key, optional, numeric }, i) => {
          const part = parts[i] ?? '';
          if (numeric) return [key, part === '' ? undefined : Number(part)];
          if (key === 'role') return [key, ROLE_CODES[part] ?? part];
          return [key, part || (optional ? null : '')];
        }),
      );
    });
}

export function formatLines(rows: unknown, columns: string[]): string {
  if (!Array.isArray(rows)) return '';
  return (rows as Record<string, unknown>[])
    .map((row) =>
      columns
        .map(column)
        .map(({ key }) =>
          row[key] === null || row[key] === undefined
            ? ''
            : key === 'role'
              ? (ROLE_NAMES[String(row[key]) as ApplicantRole] ?? String(row[key]))
              : String(row[key]),
        )
        .join(' | ')
        .replace(/( \| )+$/, ''),
    )
    .join('\n');
}
