/**
 * Phone numbers of spec §9: country code 855, grouped in threes. Cambodian numbers are a trunk
 * 0, a two-digit area or operator prefix, then a 6- or 7-digit subscriber number (8 or 9
 * significant digits). We show the prefix, then the subscriber number in threes from the left,
 * the last group taking a fourth digit when there is one:
 *   +855 12 345 678   (012 345 678)
 *   +855 97 123 4567  (097 123 4567)
 * Numbers are stored in E.164 (+85512345678). Non-Cambodian numbers are kept, not reformatted.
 */
import { COUNTRY_CODE } from '../constants/locale';

const NSN_MIN = 8;
const NSN_MAX = 9;

/** Digits and a leading plus only: "+855 (12) 345-678" -> "+85512345678". */
function compact(input: string): string {
  const trimmed = input.trim();
  const plus = trimmed.startsWith('+') ? '+' : '';
  return plus + trimmed.replace(/\D/g, '');
}

/** The national significant number of a Cambodian number, or null when it is not one. */
export function nationalNumber(input: string): string | null {
  const compacted = compact(input);
  let nsn: string;
  if (compacted.startsWith(`+${COUNTRY_CODE}`)) nsn = compacted.slice(COUNTRY_CODE.length + 1);
  else if (compacted.startsWith('+')) return null;
  else if (compacted.startsWith(`00${COUNTRY_CODE}`)) nsn = compacted.slice(COUNTRY_CODE.length + 2);
  else if (compacted.startsWith('0')) nsn = compacted.slice(1);
  else if (compacted.startsWith(COUNTRY_CODE) && compacted.length >= COUNTRY_CODE.length + NSN_MIN) {
    nsn = compacted.slice(COUNTRY_CODE.length);
  } else nsn = compacted;
  if (nsn.startsWith('0')) nsn = nsn.slice(1);
  return nsn.length >= NSN_MIN && nsn.length <= NSN_MAX && /^[1-9]\d+$/.test(nsn) ? nsn : null;
}

/**
 * Local (0-prefixed), spaced, hyphenated or international input to E.164: "012 345 678" ->
 * "+85512345678". A number with another country code is returned compacted ("+66812345678");
 * anything else that is not a Cambodian number gives null.
 */
export function normalisePhone(input: string): string | null {
  const nsn = nationalNumber(input);
  if (nsn !== null) return `+${COUNTRY_CODE}${nsn}`;
  const compacted = compact(input);
  return /^\+[1-9]\d{6,14}$/.test(compacted) ? compacted : null;
}

/** "12345678" -> "12 345 678"; "971234567" -> "97 123 4567". */
function groupNational(nsn: string): string {
  const prefix = nsn.slice(0, 2);
  const rest = nsn.slice(2);
  const groups: string[] = [];
  for (let i = 0; i < rest.length; i += 3) groups.push(rest.slice(i, i + 3));
  const last = groups.at(-1);
  if (last !== undefined && last.length === 1 && groups.length > 1) {
    groups.pop();
    groups[groups.length - 1] += last;
  }
  return [prefix, ...groups].join(' ');
}

/** International display: "+855 12 345 678". Input that is not Cambodian is returned trimmed. */
export function formatPhone(input: string): string {
  const nsn = nationalNumber(input);
  return nsn === null ? input.trim() : `+${COUNTRY_CODE} ${groupNational(nsn)}`;
}

/** Local display: "012 345 678". Input that is not Cambodian is returned trimmed. */
export function formatPhoneLocal(input: string): string {
  const nsn = nationalNumber(input);
  return nsn === null ? input.trim() : `0${groupNational(nsn)}`;
}

export function isCambodianPhone(input: string): boolean {
  return nationalNumber(input) !== null;
}

/** As a form takes it (digits and hyphens, spec §5): "012-345-678". Input that is not Cambodian is returned trimmed. */
export function formatPhoneForInput(input: string): string {
  return nationalNumber(input) === null ? input.trim() : formatPhoneLocal(input).replace(/ /g, '-');
}
