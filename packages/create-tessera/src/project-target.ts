import path from 'node:path';

/** What the scaffolder writes: the project's name, and its folder when the command line named one. */
export interface ProjectTarget {
  name: string;
  directory?: string;
}

const SCOPED_NAME = /^@[^/\\]+\/[^/\\]+$/;

/**
 * Reads the one argument of `create-tessera <target>`: a project name (`my-server`, `@acme/tickets`) is created in
 * `./<name without scope>`; a path (`../my-server`, `./tools/my-server`, an absolute path) is the folder, and its
 * last segment is the name, as `npm init` names a package after its folder. `--dir` keeps the argument a name.
 */
export function projectTarget(argument: string, dir?: string): ProjectTarget {
  if (dir !== undefined || SCOPED_NAME.test(argument) || !isPath(argument)) return { name: argument, directory: dir };
  return { name: path.basename(path.resolve(argument)), directory: argument };
}

function isPath(argument: string): boolean {
  return argument.includes('/') || argument.includes(path.sep) || argument === '.' || argument === '..';
}
