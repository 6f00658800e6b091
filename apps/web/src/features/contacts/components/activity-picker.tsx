import { DatePickerInput, DatesProvider, DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/km';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayType } from '@portal/domain/codes/activity-types';
import { DISPLAY_DATE_FORMAT } from '@portal/domain/constants/locale';

interface ActivityPickerProps {
  dayType: DayType;
  /** `YYYY-MM-DD` for a whole day, `YYYY-MM-DDTHH:mm` otherwise; '' when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  label: string;
  error?: string;
  testId: string;
  ref?: Ref<HTMLButtonElement>;
}

/** The form's value as the picker takes it: `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`. */
function toPicker(value: string, dayType: DayType): string | null {
  if (value === '') return null;
  return dayType === 'allDay' ? value.slice(0, 10) : `${value.slice(0, 16).replace('T', ' ')}:00`;
}

/** The picker's value as the form keeps it. */
function fromPicker(value: string | null, dayType: DayType): string {
  if (!value) return '';
  return dayType === 'allDay' ? value.slice(0, 10) : value.slice(0, 16).replace(' ', 'T');
}

/**
 * When an activity starts or ends, picked on a calendar in the page's language and shown
 * DD/MM/YYYY (with HH:mm, 24-hour, for a timed activity), whatever language the browser speaks:
 * a browser's own date input shows the browser's format, not the portal's.
 */
export function ActivityPicker({ dayType, value, onChange, onBlur, label, error, testId, ref }: ActivityPickerProps) {
  const { t, i18n } = useTranslation(['contacts']);
  const shared = {
    label,
    error,
    required: true,
    onBlur,
    ref,
    previousLabel: t('contacts:calendar_previous'),
    nextLabel: t('contacts:calendar_next'),
    // Mantine draws the days of the months around faint and weekends red, both below the WCAG
    // contrast ratio: the first are left out, the second drawn as any other day (weekendDays).
    hideOutsideDates: true,
    'data-testid': testId,
  };
  return (
    <DatesProvider settings={{ locale: i18n.language === 'km' ? 'km' : 'en', firstDayOfWeek: 1, weekendDays: [] }}>
      {dayType === 'allDay' ? (
        <DatePickerInput
          {...shared}
          valueFormat={DISPLAY_DATE_FORMAT}
          value={toPicker(value, dayType)}
          onChange={(next) => onChange(fromPicker(next, dayType))}
        />
      ) : (
        <DateTimePicker
          {...shared}
          valueFormat={`${DISPLAY_DATE_FORMAT} HH:mm`}
          value={toPicker(value, dayType)}
          onChange={(next) => onChange(fromPicker(next, dayType))}
          timePickerProps={{
            format: '24h',
            hoursInputLabel: t('contacts:calendar_hours'),
            minutesInputLabel: t('contacts:calendar_minutes'),
          }}
          submitButtonProps={{ 'aria-label': t('contacts:calendar_done') }}
        />
      )}
    </DatesProvider>
  );
}
