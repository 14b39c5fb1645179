import { ProtocolError } from '@modelcontextprotocol/server';
import { base64urlToBytes, bytesToBase64url } from '../encoding/base64';

const INVALID_PARAMS = -32602;

/**
 * Cursor pagination over a list built once at startup, in registration order (stable across
 * requests and across workers running the same build). The cursor is opaque to clients.
 */
export function paginate<T>(
  items: readonly T[],
  cursor: string | undefined,
  pageSize: number,
): { page: T[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : decodeCursor(cursor, items.length);
  const end = Math.min(start + pageSize, items.length);
  return { page: items.slice(start, end), nextCursor: end < items.length ? encodeCursor(end) : undefined };
}

/** One page of a list result under its wire key (`tools`, `prompts`, ...), with `nextCursor` when more remain. */
export function listPage<K extends string, T>(
  key: K,
  items: readonly T[],
  cursor: string | undefined,
  pageSize: number,
): { [P in K]: T[] } & { nextCursor?: string } {
  const { page, nextCursor } = paginate(items, cursor, pageSize);
  const result = { [key]: page } as { [P in K]: T[] } & { nextCursor?: string };
  if (nextCursor) result.nextCursor = nextCursor;
  return result;
}

function encodeCursor(offset: number): string {
  return bytesToBase64url(new TextEncoder().encode(`o:${offset}`));
}

/** A cursor's text, or undefined for anything a client may send that is not one: too long, not base64url, not UTF-8. */
function cursorText(cursor: unknown): string | undefined {
  if (typeof cursor !== 'string' || cursor.length > 32) return undefined;
  const bytes = base64urlToBytes(cursor);
  if (bytes === undefined) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function decodeCursor(cursor: string, length: number): number {
  const match = /^o:(\d{1,9})$/.exec(cursorText(cursor) ?? '');
  const offset = match ? Number(match[1]) : NaN;
  if (!Number.isInteger(offset) || offset <= 0 || offset > length) {
    throw new ProtocolError(
      INVALID_PARAMS,
      'Invalid cursor: pass the nextCursor of a previous page, or none for the first page.',
    );
  }
  return offset;
}
