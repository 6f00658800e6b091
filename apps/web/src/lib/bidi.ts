/**
 * Text a person typed, isolated for a sentence it is put into (Unicode's first-strong isolate,
 * U+2068 … U+2069): it takes its direction from its own first letter, and nothing in it (a
 * right-to-left name, an override in old data) can reorder the words around it. For text inside
 * a translated sentence; a name standing on its own goes in a `<bdi>` or a `dir="auto"` element.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
