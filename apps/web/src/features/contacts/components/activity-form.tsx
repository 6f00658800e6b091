import { useMemo, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Radio, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ACTIVITY_TYPES, DAY_TYPES, type DayType } from '@portal/domain/codes/activity-types';
import { ACTIVITY_LIMITS } from '@portal/domain/contracts/activities/activity-fields';
import { createActivityRequestSchema, type ActivityResponse } from '@portal/domain/contracts/activities/create-activity';
import { updateActivityRequestSchema } from '@portal/domain/contracts/activities/update-activity';
import { IconAlert } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { OfflineKeyMissingError } from '../../../lib/offline/outbox';
import { translateFormError } from '../../../lib/i18n';
import { useCreateActivity } from '../api/create-activity';
import { useUpdateActivity } from '../api/update-activity';
import {
  activityResolver,
  convertPickerValue,
  formFieldOf,
  newActivityValues,
  toActivityBody,
  toActivityFormValues,
  type ActivityFormField,
  type ActivityFormValues,
} from '../hooks/activity-form-values';
import { apiErrorText, isConflict, isNotFound } from '../hooks/form-errors';
import { DeleteActivityButton } from './delete-activity-button';
import { ActivityPicker } from './activity-picker';
import { ACTIVITY_TYPE_LABELS, DAY_TYPE_LABELS } from './labels';
import { BusyButton } from '../../../components/ui/busy-button';

const DEFAULT_START_TIME = '09:00';

const PICKER_LABELS: Readonly<Record<DayType, Record<'start' | 'end', string>>> = {
  allDay: { start: 'contacts:field_startDay', end: 'contacts:field_endDay' },
  timed: { start: 'contacts:field_start', end: 'contacts:field_end' },
};

interface ActivityFormProps {
  contactId: string;
  /** The stored activity when editing; absent for a new one. */
  activity?: ActivityResponse;
  /** Reads the activity again after a conflict; null when that failed. */
  reloadLatest?: () => Promise<ActivityResponse | null>;
}

/** A field's error key as text: the `validation` namespace, said more precisely where it helps. */
function errorText(field: ActivityFormField, key: string | undefined, t: (key: string) => string): string | undefined {
  if (key === undefined) return undefined;
  if (field === 'end' && key === 'min') return t('contacts:activity_end_before_start');
  if (field === 'notes' && key === 'maxlength') return translateFormError('maxlength_n', { max: ACTIVITY_LIMITS.notes });
  return translateFormError(key);
}

/**
 * add-activity: a sales activity of one contact — what kind, whole day or timed, start and end
 * (sent with +07:00), notes. Editing (`?activityId=`) saves against the version read, keeps the
 * input on a 409 and can delete the activity after a confirmation.
 */
export function ActivityForm({ contactId, activity, reloadLatest }: ActivityFormProps) {
  const { t } = useTranslation(['contacts', 'validation', 'errors', 'common', 'offline']);
  const navigate = useNavigate();
  const create = useCreateActivity();
  const update = useUpdateActivity();
  const editing = activity !== undefined;
  const resolver = useMemo(
    () => activityResolver(contactId, editing ? updateActivityRequestSchema : createActivityRequestSchema),
    [contactId, editing],
  );
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    setError,
    formState: { errors, submitCount },
  } = useForm<ActivityFormValues>({
    resolver,
    defaultValues: activity ? toActivityFormValues(activity) : newActivityValues(),
    // Errors appear on save, then follow the typing: validating on blur moves the layout under a
    // finger that is on its way to the save button, and the tap misses it.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const dayType = useWatch({ control, name: 'dayType' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<'stale' | 'reloaded' | null>(null);
  const [reloading, setReloading] = useState(false);
  const detailPath = `/home/contact/contact-detail/${encodeURIComponent(contactId)}`;
  const message = (field: ActivityFormField) => errorText(field, errors[field]?.message, t);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const body = toActivityBody(values, contactId);
      if (activity) await update.mutateAsync({ id: activity.id, body: { ...body, version: values.version ?? activity.version } });
      else {
        const { kept } = await create.mutateAsync({ body, label: values.activityType ? t(ACTIVITY_TYPE_LABELS[values.activityType]) : '' });
        if (kept) {
          notifications.show({ color: 'yellow', message: t('offline:kept_notice') });
          await navigate(detailPath);
          return;
        }
      }
      notifications.show({ color: 'green', message: t('contacts:activity_saved') });
      await navigate(detailPath);
    } catch (error) {
      if (error instanceof OfflineKeyMissingError) {
        setServerError(t('offline:no_key'));
        return;
      }
      if (isConflict(error)) {
        setConflict('stale');
        return;
      }
      if (isNotFound(error)) {
        setServerError(t(activity ? 'contacts:activity_gone' : 'contacts:gone'));
        return;
      }
      let placed = 0;
      for (const { field, key } of isApiError(error) && error.status === 422 ? (error.errors ?? []) : []) {
        const name = formFieldOf(field);
        if (!name) continue;
        setError(name, { type: 'server', message: key }, { shouldFocus: placed === 0 });
        placed += 1;
      }
      if (placed === 0) setServerError(apiErrorText(error));
    }
  });

  const onReload = async () => {
    if (!reloadLatest) return;
    setReloading(true);
    try {
      const fresh = await reloadLatest();
      if (!fresh) {
        setServerError(t('contacts:reload_failed'));
        return;
      }
      setValue('version', fresh.version);
      setConflict('reloaded');
    } finally {
      setReloading(false);
    }
  };

  const onDayTypeChange = (next: DayType, apply: (value: DayType) => void) => {
    setValue('start', convertPickerValue(getValues('start'), next, DEFAULT_START_TIME));
    setValue('end', convertPickerValue(getValues('end'), next, DEFAULT_START_TIME));
    apply(next);
  };

  const saving = create.isPending || update.isPending;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="activity-form">
      <Stack gap="md">
        {serverError ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="activity-save-error">
            {serverError}
          </Alert>
        ) : null}
        {submitCount > 0 && Object.keys(errors).length > 0 ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
            {t('contacts:form_has_errors')}
          </Alert>
        ) : null}
        {conflict === 'stale' ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlert />}
            role="alert"
            title={t('contacts:activity_conflict_title')}
            data-testid="activity-conflict"
          >
            <Stack gap="sm" align="flex-start">
              {t('contacts:activity_conflict_text')}
              <BusyButton size="sm" color="orange.9" onClick={() => void onReload()} busy={reloading}>
                {t('contacts:conflict_reload')}
              </BusyButton>
            </Stack>
          </Alert>
        ) : null}
        {conflict === 'reloaded' ? (
          <Alert color="blue" variant="light" role="status" data-testid="activity-conflict-reloaded">
            {t('contacts:activity_conflict_reloaded')}
          </Alert>
        ) : null}

        <NativeSelect
          {...register('activityType')}
          label={t('contacts:field_activityType')}
          required
          data={[
            { value: '', label: t('contacts:activity_type_choose') },
            ...ACTIVITY_TYPES.map((type) => ({ value: type, label: t(ACTIVITY_TYPE_LABELS[type]) })),
          ]}
          error={message('activityType')}
          data-testid="activity-type"
        />
        <Controller
          control={control}
          name="dayType"
          render={({ field }) => (
            <Radio.Group
              name={field.name}
              value={field.value}
              onChange={(value) => onDayTypeChange(value, field.onChange)}
              label={t('contacts:field_dayType')}
              required
              error={message('dayType')}
            >
              <Group gap="lg" mt="xs">
                {DAY_TYPES.map((type) => (
                  <Radio
                    key={type}
                    value={type}
                    label={t(DAY_TYPE_LABELS[type])}
                    onBlur={field.onBlur}
                    data-testid={`activity-day-type-${type}`}
                  />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {(['start', 'end'] as const).map((name) => (
            <Controller
              key={`${name}-${dayType}`}
              control={control}
              name={name}
              render={({ field }) => (
                <ActivityPicker
                  ref={field.ref}
                  dayType={dayType}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  label={t(PICKER_LABELS[dayType][name])}
                  error={message(name)}
                  testId={`activity-${name}`}
                />
              )}
            />
          ))}
        </SimpleGrid>
        <Textarea
          {...register('notes')}
          label={t('contacts:field_notes')}
          description={t('contacts:hint_notes', { max: ACTIVITY_LIMITS.notes })}
          autosize
          minRows={3}
          maxRows={8}
          error={message('notes')}
          data-testid="activity-notes"
        />
        <Group justify="space-between" gap="sm">
          {activity ? <DeleteActivityButton activityId={activity.id} contactId={contactId} /> : <span />}
          <Group gap="sm">
            <Button component={Link} to={detailPath} variant="default">
              {t('common:cancel')}
            </Button>
            <BusyButton type="submit" busy={saving} data-testid="activity-submit">
              {t(editing ? 'contacts:activity_save_changes' : 'contacts:activity_save')}
            </BusyButton>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
