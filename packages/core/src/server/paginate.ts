import { ProtocolError } from '@modelcontextprotocol/server';

const INVALID_PARAMS = -32602;

/**
 * Cursor pagination over a list built once at startup, in registration order (stable across
 * requests and across workers running the same build). The cursor is opaque to clients.
 */
export function paginate<T>(items: readonly T[], cursor: string | undefined, pageSize: number): { page: T[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : decodeCursor(cursor, items.length);
  const end = Math.min(start + pageSize, items.length);
  return { page: items.slice(start, end), nextCursor: end < items.length ? encodeCursor(end) : undefined };
}

/** One page of a list result under its wire key (`tools`, `prompts`, ...), with `nextCursor` when more remain. */
export function listPage<K extends string, T>(key: K, items: readonly T[], cursor: string | undefined, pageSize: number): { [P in K]: T[] } & { nextCursor?: string } {
  const { page, nextCursor } = paginate(items, cursor, pageSize);
  const result = { [key]: page } as { [P in K]: T[] } & { nextCursor?: string };
  if (nextCursor) result.nextCursor = nextCursor;
  return result;
}

function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string, length: number): number {
  const match = typeof cursor === 'string' && cursor.length <= 32 ? /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  const offset = match ? Number(match[1]) : NaN;
  if (!Number.isInteger(offset) || offset <= 0 || offset > length) {
    throw new ProtocolError(INVALID_PARAMS, 'Invalid cursor: pass the nextCursor of a previous page, or none for the first page.');
  }
  return offset;
}
