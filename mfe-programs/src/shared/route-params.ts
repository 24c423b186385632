/** A positive integer id from a route parameter, or null. */
export function positiveId(value: string | undefined | null): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
}
