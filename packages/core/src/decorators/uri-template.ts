/** RFC 6570 expressions are written in braces; a URI without any is a static resource. */
export function isUriTemplate(uri: string): boolean {
  return /\{[^}]+\}/.test(uri);
}
