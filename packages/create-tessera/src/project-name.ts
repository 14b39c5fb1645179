/**
 * Checks a project name the way npm checks a package name (it becomes the scaffolded package.json's `name` and
 * the server's name): lowercase, at most 214 characters, URL-safe, optionally scoped. Returns the problem, or
 * undefined when the name is usable.
 */
export function projectNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'it is empty';
  if (name.length > 214) return 'it is longer than 214 characters';
  if (name !== name.toLowerCase()) return 'it has uppercase letters';
  if (name.startsWith('.') || name.startsWith('_')) return 'it starts with a dot or an underscore';
  if (!/^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/.test(name)) {
    return 'it may only hold lowercase letters, digits, "-", ".", "_" and "~" (and one @scope/ prefix)';
  }
  return undefined;
}

/** The folder name of a project: the name without its scope. */
export function folderOf(name: string): string {
  return name.includes('/') ? name.slice(name.indexOf('/') + 1) : name;
}
