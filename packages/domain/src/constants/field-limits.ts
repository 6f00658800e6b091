/**
 * Field length limits of spec §5/§9. Lengths count UTF-16 code units (JavaScript string length),
 * the same on the form and on the server.
 */

/**
 * Character limits of spec §9. The spec lists the numbers without saying which field has which,
 * so forms pick one of these; `CharacterLimit` keeps them to this set.
 */
export const CHARACTER_LIMITS = [2, 3, 4, 9, 13, 50, 140, 300] as const;
export type CharacterLimit = (typeof CHARACTER_LIMITS)[number];

/** Identification numbers of types 1, 2 and 4 are exactly this long. */
export const ID_NUMBER_LENGTH = 9;

/** Birth certificate numbers: three groups of 1 to 4 digits, separated by slashes. */
export const BIRTH_CERTIFICATE_GROUP_MAX_DIGITS = 4;

/** Form email: at most 64 characters, and more than 5. */
export const EMAIL_MAX_LENGTH = 64;
export const EMAIL_MIN_LENGTH = 6;
/** The generic email pattern: at most 254 characters in all, 64 in the local part. */
export const EMAIL_GENERIC_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
/** The domain's last part has at least this many letters. */
export const EMAIL_TLD_MIN_LENGTH = 2;

/** Sign-in usernames (matched case-insensitively). */
export const USERNAME_MAX_LENGTH = 64;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
