import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { folderOf, projectNameProblem } from './project-name';
import { fillTemplate, scaffolderVersion, TEMPLATE_DIR } from './template-values';

export interface ScaffoldOptions {
  /** The package and server name. */
  name: string;
  /** Where to create it; default `./<name without scope>` under the current directory. */
  directory?: string;
  /** The version of the Tessera packages to depend on; default this scaffolder's version. */
  tesseraVersion?: string;
}

export interface ScaffoldResult {
  directory: string;
  files: string[];
}

// npm leaves .gitignore files out of tarballs, so the template keeps it under another name.
const RENAMED: Readonly<Record<string, string>> = { gitignore: '.gitignore' };

/** Writes a new project from the template; refuses a bad name or a folder that already has files. */
export function scaffold(options: ScaffoldOptions): ScaffoldResult {
  const problem = projectNameProblem(options.name);
  if (problem !== undefined) throw new Error(`create-tessera: "${options.name}" cannot be a project name: ${problem}`);
  const directory = path.resolve(options.directory ?? folderOf(options.name));
  if (existsSync(directory) && readdirSync(directory).length > 0) {
    throw new Error(`create-tessera: ${directory} already exists and is not empty; choose another name or folder`);
  }
  const values = { name: options.name, version: options.tesseraVersion ?? scaffolderVersion() };
  const files: string[] = [];
  for (const relative of listFiles(TEMPLATE_DIR)) {
    const target = path.join(directory, ...relative.split('/').map((part) => RENAMED[part] ?? part));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, fillTemplate(readFileSync(path.join(TEMPLATE_DIR, relative), 'utf8'), values));
    files.push(path.relative(directory, target).split(path.sep).join('/'));
  }
  return { directory, files: files.sort() };
}

function listFiles(root: string, prefix = ''): string[] {
  return readdirSync(path.join(root, prefix)).flatMap((entry) => {
    const relative = prefix === '' ? entry : `${prefix}/${entry}`;
    return statSync(path.join(root, relative)).isDirectory() ? listFiles(root, relative) : [relative];
  });
}
