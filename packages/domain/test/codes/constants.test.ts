import { describe, expect, it } from 'vitest';
import {
  CHARACTER_LIMITS,
  EMAIL_GENERIC_MAX_LENGTH,
  EMAIL_LOCAL_PART_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  ID_NUMBER_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@portal/domain/constants/field-limits';
import { COUNTRY_CODE, DISPLAY_DATE_FORMAT, ISO_DATE_FORMAT, TIME_ZONE, UTC_OFFSET } from '@portal/domain/constants/locale';
import {
  CUSTOM_FACE_AMOUNT_ABOVE,
  EDUCATION_CHILD_BENEFIT_COEFFICIENT,
  FACE_AMOUNT_LIMIT_HIGH,
  FACE_AMOUNT_LIMIT_LOW,
  HOME_LOAN_PREMIUM_PERIOD,
  LARGER_AMOUNT_THRESHOLD,
  PAK_RINHA_PREMIUM_PERIOD,
} from '@portal/domain/constants/product-limits';
import {
  IDLE_TIMEOUT_MS,
  IDLE_TIMEOUT_SECONDS,
  IDLE_WARNING_SECONDS,
  KEEP_ALIVE_INTERVAL_SECONDS,
  OTP_RESEND_COUNTDOWN_SECONDS,
} from '@portal/domain/constants/session';
import { INFINITE_SCROLL_THRESHOLD_PX, SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, TOAST_DURATION_MS } from '@portal/domain/constants/ui';
import {
  CONVERSION_EXTENSIONS,
  FILE_COUNT_MAX,
  FILE_NAME_MAX_LENGTH,
  PENDING_DOCUMENT_UPLOAD_MAX_BYTES,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
} from '@portal/domain/constants/uploads';

describe('constants of spec §9', () => {
  it.each([
    ['idle timeout (s)', IDLE_TIMEOUT_SECONDS, 900],
    ['idle timeout (ms)', IDLE_TIMEOUT_MS, 900_000],
    ['warning (s)', IDLE_WARNING_SECONDS, 10],
    ['keep-alive (s)', KEEP_ALIVE_INTERVAL_SECONDS, 600],
    ['toast (ms)', TOAST_DURATION_MS, 5000],
    ['search debounce (ms)', SEARCH_DEBOUNCE_MS, 1000],
    ['minimum search length', SEARCH_MIN_LENGTH, 3],
    ['OTP resend countdown (s)', OTP_RESEND_COUNTDOWN_SECONDS, 120],
    ['upload limit (bytes)', UPLOAD_MAX_BYTES, 5 * 1024 * 1024],
    ['pending upload limit (bytes)', PENDING_DOCUMENT_UPLOAD_MAX_BYTES, 10 * 1024 * 1024],
    ['file name length', FILE_NAME_MAX_LENGTH, 100],
    ['file count', FILE_COUNT_MAX, 10],
    ['identification number', ID_NUMBER_LENGTH, 9],
    ['email max', EMAIL_MAX_LENGTH, 64],
    ['email min (more than 5)', EMAIL_MIN_LENGTH, 6],
    ['generic email max', EMAIL_GENERIC_MAX_LENGTH, 254],
    ['email local part max', EMAIL_LOCAL_PART_MAX_LENGTH, 64],
    ['password min', PASSWORD_MIN_LENGTH, 8],
    ['password max', PASSWORD_MAX_LENGTH, 64],
    ['face amount limit high', FACE_AMOUNT_LIMIT_HIGH, 100_000],
    ['face amount limit low', FACE_AMOUNT_LIMIT_LOW, 50_000],
    ['education coefficient', EDUCATION_CHILD_BENEFIT_COEFFICIENT, 2],
    ['home loan premium period', HOME_LOAN_PREMIUM_PERIOD, 1],
    ['pak rinha premium period', PAK_RINHA_PREMIUM_PERIOD, 1],
    ['larger amount threshold', LARGER_AMOUNT_THRESHOLD, 20_001],
    ['custom face amount above', CUSTOM_FACE_AMOUNT_ABOVE, 20_000],
    ['infinite scroll (px)', INFINITE_SCROLL_THRESHOLD_PX, 100],
  ])('%s = %d', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('has the lists and formats', () => {
    expect(CHARACTER_LIMITS).toEqual([2, 3, 4, 9, 13, 50, 140, 300]);
    expect(UPLOAD_EXTENSIONS).toEqual(['pdf', 'png']);
    expect(CONVERSION_EXTENSIONS).toEqual(['pdf', 'jpg', 'jpeg', 'png', 'tiff', 'tif']);
    expect(COUNTRY_CODE).toBe('855');
    expect(DISPLAY_DATE_FORMAT).toBe('DD/MM/YYYY');
    expect(ISO_DATE_FORMAT).toBe('YYYY-MM-DD');
    expect(UTC_OFFSET).toBe('+07:00');
    expect(TIME_ZONE).toBe('Asia/Phnom_Penh');
  });
});
