import { Grid, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ID_TYPE_BIRTH_CERTIFICATE } from '@portal/domain/codes/identification-types';
import type { PersonDraft } from '@portal/domain/contracts/applications/application-steps';
import type { FieldError } from '@portal/domain/errors/error-envelope';
import { errorAt } from '../hooks/field-errors';

/** One person of step 0 (life insured, policy owner or payor): names, gender, birth, identification, contact. */
export function PersonFields({
  prefix,
  value,
  onChange,
  issues,
  shown,
  phoneRequired,
}: {
  prefix: 'lifeInsured' | 'policyOwner' | 'payor';
  value: PersonDraft | undefined;
  onChange: (next: PersonDraft) => void;
  issues: readonly FieldError[];
  shown: boolean;
  phoneRequired: boolean;
}) {
  const { t } = useTranslation(['applications', 'validation']);
  const p = value ?? {};
  const set = (field: keyof PersonDraft) => (event: { currentTarget: { value: string } }) =>
    onChange({ ...p, [field]: event.currentTarget.value });
  const err = (field: string) => errorAt(issues, `${prefix}.${field}`, shown);
  const id = (field: string) => `${prefix}-${field}`;
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          id={id('firstName')}
          label={t('applications:field_first_name')}
          value={p.firstName ?? ''}
          onChange={set('firstName')}
          error={err('firstName')}
          required
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          id={id('lastName')}
          label={t('applications:field_last_name')}
          value={p.lastName ?? ''}
          onChange={set('lastName')}
          error={err('lastName')}
          required
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          id={id('firstNameKh')}
          label={t('applications:field_first_name_kh')}
          value={p.firstNameKh ?? ''}
          onChange={set('firstNameKh')}
          error={err('firstNameKh')}
          lang="km"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          id={id('lastNameKh')}
          label={t('applications:field_last_name_kh')}
          value={p.lastNameKh ?? ''}
          onChange={set('lastNameKh')}
          error={err('lastNameKh')}
          lang="km"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NativeSelect
          id={id('gender')}
          label={t('applications:field_gender')}
          value={p.gender ?? ''}
          onChange={set('gender')}
          error={err('gender')}
          required
          data={[
            { value: '', label: t('applications:choose') },
            { value: 'M', label: t('applications:gender_m') },
            { value: 'F', label: t('applications:gender_f') },
          ]}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          id={id('dateOfBirth')}
          label={t('applications:field_date_of_birth')}
          placeholder="DD/MM/YYYY"
          inputMode="numeric"
          value={p.dateOfBirth ?? ''}
          onChange={set('dateOfBirth')}
          error={err('dateOfBirth')}
          required
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <NativeSelect
          id={id('idType')}
          label={t('applications:field_id_type')}
          value={p.idType ?? ''}
          onChange={set('idType')}
          error={err('idType')}
          required
          data={[
            { value: '', label: t('applications:choose') },
            { value: '1', label: t('applications:id_type_1') },
            { value: '2', label: t('applications:id_type_2') },
            { value: '4', label: t('applications:id_type_4') },
            { value: '6', label: t('applications:id_type_6') },
          ]}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput
          id={id('idNumber')}
          label={t('applications:field_id_number')}
          value={p.idNumber ?? ''}
          onChange={set('idNumber')}
          error={err('idNumber')}
          required
        />
      </Grid.Col>
      {p.idType === ID_TYPE_BIRTH_CERTIFICATE ? null : (
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            id={id('idExpiryDate')}
            label={t('applications:field_id_expiry')}
            placeholder="DD/MM/YYYY"
            inputMode="numeric"
            value={p.idExpiryDate ?? ''}
            onChange={set('idExpiryDate')}
            error={
              errorAt(issues, `${prefix}.idExpiryDate`, shown) &&
              issues.some((i) => i.field === `${prefix}.idExpiryDate` && i.key === 'min')
                ? t('applications:id_expired')
                : err('idExpiryDate')
            }
            required
          />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          id={id('phone')}
          label={t('applications:field_phone')}
          type="tel"
          inputMode="tel"
          value={p.phone ?? ''}
          onChange={set('phone')}
          error={err('phone')}
          required={phoneRequired}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          id={id('email')}
          label={t('applications:field_email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          value={p.email ?? ''}
          onChange={set('email')}
          error={err('email')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          id={id('occupation')}
          label={t('applications:field_occupation')}
          value={p.occupation ?? ''}
          onChange={set('occupation')}
          error={err('occupation')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput
          id={id('address')}
          label={t('applications:field_address')}
          value={p.address ?? ''}
          onChange={set('address')}
          error={err('address')}
        />
      </Grid.Col>
    </Grid>
  );
}
