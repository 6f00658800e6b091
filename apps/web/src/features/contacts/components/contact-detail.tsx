import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Card, DataList, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FindContactWithActivitiesResponse } from '@portal/domain/contracts/contacts/find-contact-with-activities';
import { formatDisplayDate } from '@portal/domain/format/date';
import { formatPhone } from '@portal/domain/format/phone';
import { ActivityList } from './activity-list';
import { WaitingActivities } from './waiting-activities';
import { khmerName, latinName } from './contact-name';
import { CONTACT_TYPE_LABELS, GENDER_LABELS, ID_TYPE_LABELS } from './labels';
import { RemoveContactButton } from './remove-contact-button';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** Every field of a contact, formatted (phone +855 in threes, dates DD/MM/YYYY), its activities and actions. */
export function ContactDetail({ contact }: { contact: FindContactWithActivitiesResponse }) {
  const { t } = useTranslation(['contacts', 'common', 'proposals']);
  const id = encodeURIComponent(contact.id);
  const name = latinName(contact);
  const kh = khmerName(contact);
  const none = (
    <Text span c="dimmed">
      {t('contacts:value_empty')}
    </Text>
  );

  return (
    <Stack gap="lg">
      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="contact-name">
        <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
          <Stack gap={2} miw={0}>
            <Title order={2} size="h3" id="contact-name" data-testid="contact-name">
              {name}
            </Title>
            {kh ? (
              <Text lang="km" size="lg" data-testid="contact-name-kh">
                {kh}
              </Text>
            ) : null}
          </Stack>
          <Badge variant="light">{t(CONTACT_TYPE_LABELS[contact.contactType])}</Badge>
        </Group>
        <DataList orientation="horizontal" labelWidth="9rem" withDivider size="sm">
          <Field label={t('contacts:field_gender')}>{t(GENDER_LABELS[contact.gender])}</Field>
          <Field label={t('contacts:field_dateOfBirth')} testId="contact-date-of-birth">
            {formatDisplayDate(contact.dateOfBirth)}
          </Field>
          <Field label={t('contacts:field_phone')} testId="contact-phone">
            <Anchor href={`tel:${contact.phone}`} className="nowrap">
              {formatPhone(contact.phone)}
            </Anchor>
          </Field>
          <Field label={t('contacts:field_email')}>
            {contact.email ? (
              <Anchor href={`mailto:${contact.email}`} className="pre-wrap">
                {contact.email}
              </Anchor>
            ) : (
              none
            )}
          </Field>
          <Field label={t('contacts:field_idType')}>{contact.idType ? t(ID_TYPE_LABELS[contact.idType]) : none}</Field>
          <Field label={t('contacts:field_idNumber')}>{contact.idNumber ?? none}</Field>
          <Field label={t('contacts:field_occupation')}>{contact.occupation ?? none}</Field>
          <Field label={t('contacts:field_address')}>{contact.address ? <span className="pre-wrap">{contact.address}</span> : none}</Field>
          <Field label={t('contacts:field_createdDate')}>{formatDisplayDate(contact.createdDate)}</Field>
          <Field label={t('contacts:field_modifiedDate')}>{formatDisplayDate(contact.modifiedDate)}</Field>
        </DataList>
        <Group gap="sm" mt="md" wrap="wrap">
          <Button component={Link} to={`/home/contact/contact-update/${id}`} data-testid="contact-edit">
            {t('contacts:edit')}
          </Button>
          {/* A proposal starts from this contact (the proposals screen reads ?contactId=). */}
          <Button component={Link} to={`/home/proposal?contactId=${id}`} variant="light" data-testid="contact-new-proposal">
            {t('proposals:new_proposal')}
          </Button>
          <RemoveContactButton contactId={contact.id} name={name} />
        </Group>
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="contact-activities">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={2} size="h4" id="contact-activities">
            {t('contacts:activities_title')}
          </Title>
          <Button component={Link} to={`/home/contact/${id}/add-activity`} variant="light" size="sm" data-testid="contact-add-activity">
            {t('contacts:add_activity')}
          </Button>
        </Group>
        <WaitingActivities contactId={contact.id} />
        <ActivityList contactId={contact.id} activities={contact.activities} />
      </Stack>

      <Anchor component={Link} to="/home/contact" size="sm">
        {t('contacts:back_to_list')}
      </Anchor>
    </Stack>
  );
}
