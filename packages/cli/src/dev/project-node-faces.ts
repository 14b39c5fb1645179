import { createRequire } from 'node:module';
import { CliError } from '../errors/cli-error';

/** `listen` and `serveStdio` as the entry's project resolves `@tessera/core/node` (the copy that built its app). */
export interface NodeFaces {
  listen(app: object, options: { port: number; host: string; drainMs: number }): Promise<{ url: URL }>;
  serveStdio(app: object): unknown;
}

export function nodeFacesOf(entry: string): NodeFaces {
  let faces: Partial<NodeFaces>;
  try {
    faces = createRequire(entry)('@tessera/core/node') as Partial<NodeFaces>;
  } catch (error) {
    throw new CliError(
      `dev: @tessera/core/node cannot be loaded from ${entry} (${(error as Error).message.split('\n')[0]})`,
      2,
    );
  }
  if (typeof faces.listen !== 'function' || typeof faces.serveStdio !== 'function')
    throw new CliError(`dev: the @tessera/core that ${entry} uses has no listen or serveStdio`, 2);
  return faces as NodeFaces;
}
