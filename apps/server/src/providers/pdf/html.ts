const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/**
 * A template literal tag that escapes every interpolated value, except values made by `raw()`
 * (or arrays of them, joined): html`<p>${name}</p>`.
 */
export class RawHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function raw(value: string): RawHtml {
  return new RawHtml(value);
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): RawHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const part = Array.isArray(value)
      ? value.map((v) => (v instanceof RawHtml ? v.value : escapeHtml(v))).join('')
      : value instanceof RawHtml
        ? value.value
        : escapeHtml(value);
    out += part + (strings[i + 1] ?? '');
  });
  return new RawHtml(out);
}
