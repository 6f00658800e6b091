import { AppError } from '../../lib/app-error';

/** The last row of a page: its sort key and id. The next page starts strictly after it. */
export interface KeysetPosition {
  at: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Opaque to clients: base64url of `[sortKeyIso, id]`. Sort keys keep milliseconds (precision 3 columns). */
export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.at.toISOString(), position.id]), 'utf8').toString('base64url');
}

/** The position a cursor names; a cursor the server did not write answers 422 `invalid` on `cursor`. */
export function decodeCursor(cursor: string): KeysetPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string' && isUuid(value[1])) {
      const at = new Date(value[0]);
      if (!Number.isNaN(at.getTime())) return { at, id: value[1] };
    }
  } catch {
    // fall through
  }
  throw AppError.validation([{ field: 'cursor', key: 'invalid' }]);
}

/** `{ items, nextCursor }` from `limit + 1` fetched rows. */
export function keysetPage<Row, Item>(
  rows: readonly Row[],
  limit: number,
  position: (row: Row) => KeysetPosition,
  toItem: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(position(last)) : null,
  };
}
