/**
 * The code's own style: single quotes, semicolons, trailing commas, and long lines (the code has
 * many one-line JSX elements and schemas, so 140 columns rather than Prettier's 80).
 * `npm run format` writes, `npm run format:check` (and `npm test`'s format suite) checks.
 * @type {import('prettier').Config}
 */
export default {
  singleQuote: true,
  printWidth: 140,
  trailingComma: 'all',
  // HTML inside html`` templates is the PDFs' output: formatting it would change what is printed.
  embeddedLanguageFormatting: 'off',
};
