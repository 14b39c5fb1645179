import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ListRootsResult } from '@modelcontextprotocol/client';

/** The roots offered to the server: each `--root` path, or the working directory when none is given. */
export function rootsFor(paths: readonly string[], cwd: string): ListRootsResult {
  const chosen = paths.length > 0 ? paths : [cwd];
  return {
    roots: chosen
      .map((path) => resolve(cwd, path))
      .map((abs) => ({ uri: pathToFileURL(abs).href, name: basename(abs) || abs })),
  };
}
