/**
 * The operator's preview token on a public content page (`?preview=`, from the console's 초안 미리보기): the
 * page's content GETs carry it, and the content service honours it for ROLE_ADMIN only (everyone else gets
 * the published page). Undefined on a plain visit, so those GETs stay as they were.
 */
export function previewParam(): { preview: string } | undefined {
  if (typeof window === 'undefined') return undefined;
  const token = new URLSearchParams(window.location.search).get('preview');
  return token ? { preview: token } : undefined;
}
