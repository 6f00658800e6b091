import { Anchor, Badge, Card, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PolicyClient } from '@portal/domain/contracts/policies/policy-fields';
import { FieldList } from './field-list';
import { showDate, showPhone } from './format';
import { CLIENT_LINK_TYPE_KEYS, GENDER_KEYS, ID_TYPE_KEYS, TONE_TEXT } from './labels';
import { PersonNameText } from './person-name';

/** A client of the policy (owner, life insured or payor) with every detail the feed gives. */
export function PersonCard({ client, headingId, title }: { client: PolicyClient; headingId: string; title: string }) {
  const { t } = useTranslation(['servicing']);
  const phone = showPhone(client.phone);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId} mb="lg" data-client={client.linkType}>
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        <Badge variant="light" radius="sm" tt="none" c={TONE_TEXT.brand}>
          {client.linkType} · {t(CLIENT_LINK_TYPE_KEYS[client.linkType])}
        </Badge>
      </Group>
      <FieldList
        fields={[
          { label: t('servicing:name'), value: <PersonNameText name={client} strong /> },
          { label: t('servicing:gender'), value: t(GENDER_KEYS[client.gender]) },
          { label: t('servicing:date_of_birth'), value: showDate(client.dateOfBirth) },
          { label: t('servicing:id_type'), value: client.idType ? t(ID_TYPE_KEYS[client.idType]) : null },
          { label: t('servicing:id_number'), value: client.idNumber },
          { label: t('servicing:phone'), value: phone && client.phone ? <Anchor href={`tel:${client.phone}`}>{phone}</Anchor> : null },
          { label: t('servicing:email'), value: client.email ? <Anchor href={`mailto:${client.email}`}>{client.email}</Anchor> : null },
          { label: t('servicing:occupation'), value: client.occupation },
          { label: t('servicing:address'), value: client.address },
        ]}
      />
    </Card>
  );
}
