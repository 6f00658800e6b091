import type { ReactNode } from 'react';
import { Alert, Button, Fieldset, Group, NativeSelect, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONTACT_TYPES, GENDERS } from '@portal/domain/codes/client';
import {
  IDENTIFICATION_TYPES,
  isIdentificationType,
  ID_TYPE_BIRTH_CERTIFICATE,
  ID_TYPE_NATIONAL_ID,
} from '@portal/domain/codes/identification-types';
import { COUNTRY_CALLING_PREFIX } from '@portal/domain/constants/locale';
import { IconAlert } from '../../../components/ui/icons';
import { contactFieldErrorText } from '../hooks/contact-field-errors';
import { autoSlashDate, type ContactFormField, type ContactFormValues } from '../hooks/contact-form-values';
import { CONTACT_TYPE_LABELS, GENDER_LABELS, ID_NUMBER_HINTS, ID_TYPE_LABELS } from './labels';
import { BusyButton } from '../../../components/ui/busy-button';

interface ContactFormProps {
  form: UseFormReturn<ContactFormValues>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  submitLabel: string;
  submitting: boolean;
  cancelTo: string;
  /** Shown above the fields: a server error, or the conflict banner of an update. */
  banner?: ReactNode;
  /** Shown under a field: what is saved now, after a conflict. */
  savedHint?: (field: ContactFormField) => ReactNode;
  testId: string;
}

/**
 * The contact's fields (DESIGN.md §3): every field labelled, its rule as a hint, its error next
 * to it. Khmer names are marked `lang="km"`; the date of birth is DD/MM/YYYY; the phone is a
 * Cambodian number (+855).
 */
export function ContactForm({ form, onSubmit, submitLabel, submitting, cancelTo, banner, savedHint, testId }: ContactFormProps) {
  const { t } = useTranslation(['contacts', 'validation', 'common']);
  const {
    register,
    control,
    formState: { errors, submitCount },
  } = form;
  const idType = useWatch({ control, name: 'idType' }) ?? '';
  const message = (field: ContactFormField) => contactFieldErrorText(field, errors[field]?.message, idType);
  const hint = (field: ContactFormField, key?: string) => {
    const saved = savedHint?.(field);
    if (!key && !saved) return undefined;
    return (
      <>
        {key ? t(key) : null}
        {key && saved ? ' ' : null}
        {saved}
      </>
    );
  };
  const hasErrors = submitCount > 0 && Object.keys(errors).length > 0;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid={testId}>
      <Stack gap="lg">
        {banner}
        {hasErrors ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="contact-form-errors">
            {t('contacts:form_has_errors')}
          </Alert>
        ) : null}

        <Fieldset legend={t('contacts:section_person')} p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="md">
            <Controller
              control={control}
              name="contactType"
              render={({ field }) => (
                <Radio.Group
                  name={field.name}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value)}
                  label={t('contacts:field_contactType')}
                  required
                  error={message('contactType')}
                  description={hint('contactType')}
                >
                  <Group gap="lg" mt="xs">
                    {CONTACT_TYPES.map((type) => (
                      <Radio
                        key={type}
                        value={type}
                        label={t(CONTACT_TYPE_LABELS[type])}
                        onBlur={field.onBlur}
                        data-testid={`contact-type-${type}`}
                      />
                    ))}
                  </Group>
                </Radio.Group>
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                {...register('firstName')}
                label={t('contacts:field_firstName')}
                description={hint('firstName', 'contacts:hint_latin_name')}
                autoComplete="given-name"
                required
                error={message('firstName')}
                data-testid="contact-first-name"
              />
              <TextInput
                {...register('lastName')}
                label={t('contacts:field_lastName')}
                description={hint('lastName', 'contacts:hint_latin_name')}
                autoComplete="family-name"
                required
                error={message('lastName')}
                data-testid="contact-last-name"
              />
              <TextInput
                {...register('firstNameKh')}
                lang="km"
                label={t('contacts:field_firstNameKh')}
                description={hint('firstNameKh', 'contacts:hint_khmer_name')}
                autoComplete="off"
                error={message('firstNameKh')}
                data-testid="contact-first-name-kh"
              />
              <TextInput
                {...register('lastNameKh')}
                lang="km"
                label={t('contacts:field_lastNameKh')}
                description={hint('lastNameKh', 'contacts:hint_khmer_name')}
                autoComplete="off"
                error={message('lastNameKh')}
                data-testid="contact-last-name-kh"
              />
            </SimpleGrid>
            <Controller
              control={control}
              name="gender"
              render={({ field }) => (
                <Radio.Group
                  name={field.name}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value)}
                  label={t('contacts:field_gender')}
                  required
                  error={message('gender')}
                  description={hint('gender')}
                >
                  <Group gap="lg" mt="xs">
                    {GENDERS.map((gender) => (
                      <Radio
                        key={gender}
                        value={gender}
                        label={t(GENDER_LABELS[gender])}
                        onBlur={field.onBlur}
                        data-testid={`contact-gender-${gender}`}
                      />
                    ))}
                  </Group>
                </Radio.Group>
              )}
            />
            <Controller
              control={control}
              name="dateOfBirth"
              render={({ field }) => (
                <TextInput
                  ref={field.ref}
                  name={field.name}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(autoSlashDate(field.value ?? '', event.currentTarget.value))}
                  onBlur={field.onBlur}
                  label={t('contacts:field_dateOfBirth')}
                  description={hint('dateOfBirth', 'contacts:hint_date')}
                  placeholder={t('contacts:date_placeholder')}
                  inputMode="numeric"
                  autoComplete="bday"
                  required
                  maw={{ sm: 280 }}
                  error={message('dateOfBirth')}
                  data-testid="contact-date-of-birth"
                />
              )}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('contacts:section_reach')} p={{ base: 'sm', sm: 'lg' }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...register('phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              label={t('contacts:field_phone')}
              description={hint('phone', 'contacts:hint_phone')}
              leftSection={<span aria-hidden="true">{COUNTRY_CALLING_PREFIX}</span>}
              leftSectionWidth={56}
              required
              error={message('phone')}
              data-testid="contact-phone"
            />
            <TextInput
              {...register('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              label={t('contacts:field_email')}
              description={hint('email')}
              error={message('email')}
              data-testid="contact-email"
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('contacts:section_identification')} p={{ base: 'sm', sm: 'lg' }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              {...register('idType', {
                onChange: () => {
                  if (form.formState.isSubmitted) void form.trigger('idNumber');
                },
              })}
              label={t('contacts:field_idType')}
              description={hint('idType')}
              data={[
                { value: '', label: t('contacts:id_type_none') },
                ...IDENTIFICATION_TYPES.map((type) => ({ value: type, label: t(ID_TYPE_LABELS[type]) })),
              ]}
              error={message('idType')}
              data-testid="contact-id-type"
            />
            <TextInput
              {...register('idNumber')}
              label={t('contacts:field_idNumber')}
              description={hint('idNumber', isIdentificationType(idType) ? ID_NUMBER_HINTS[idType] : 'contacts:id_number_hint_none')}
              inputMode={idType === ID_TYPE_NATIONAL_ID || idType === ID_TYPE_BIRTH_CERTIFICATE ? 'numeric' : 'text'}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              required={isIdentificationType(idType)}
              error={message('idNumber')}
              data-testid="contact-id-number"
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('contacts:section_more')} p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="md">
            <TextInput
              {...register('occupation')}
              label={t('contacts:field_occupation')}
              description={hint('occupation')}
              autoComplete="organization-title"
              error={message('occupation')}
              data-testid="contact-occupation"
            />
            <Textarea
              {...register('address')}
              label={t('contacts:field_address')}
              description={hint('address')}
              autoComplete="street-address"
              autosize
              minRows={2}
              maxRows={6}
              error={message('address')}
              data-testid="contact-address"
            />
          </Stack>
        </Fieldset>

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={cancelTo} variant="default">
            {t('common:cancel')}
          </Button>
          <BusyButton type="submit" busy={submitting} data-testid="contact-submit">
            {submitLabel}
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
