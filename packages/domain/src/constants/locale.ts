/**
 * Locale constants of spec §9: Cambodia's country code, the date formats and the +07:00
 * offset. Asia/Phnom_Penh has no daylight saving, so it is a fixed UTC+7.
 */
export const COUNTRY_CODE = '855';
export const COUNTRY_CALLING_PREFIX = `+${COUNTRY_CODE}`;

export const TIME_ZONE = 'Asia/Phnom_Penh';
export const UTC_OFFSET = '+07:00';
export const UTC_OFFSET_MINUTES = 7 * 60;
export const UTC_OFFSET_MS = UTC_OFFSET_MINUTES * 60 * 1000;

/** Dates are shown as DD/MM/YYYY. */
export const DISPLAY_DATE_FORMAT = 'DD/MM/YYYY';
/** Dates are parsed (and stored) as YYYY-MM-DD; DD/MM/YYYY is accepted too. */
export const ISO_DATE_FORMAT = 'YYYY-MM-DD';
/** Date-times are sent with the +07:00 offset. */
export const OFFSET_DATE_TIME_FORMAT = 'YYYY-MM-DDTHH:mm:ss+07:00';

/** Years a date may have (spec §5, date of birth). */
export const DATE_YEAR_MIN = 1000;
export const DATE_YEAR_MAX = 2999;
