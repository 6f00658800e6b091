import { Card, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import { usePolicyNumber } from '../hooks/policy-paths';
import { khmerName, latinName } from './format';
import { CLIENT_LINK_TYPE_KEYS } from './labels';
import { PersonCard } from './person-card';
import { PolicyFrame } from './policy-frame';
import { EmptyNote } from './query-state';

/** The policy owner, and who pays the premium (the payor, or the owner when there is none). */
export function PolicyOwnerScreen() {
  const { t } = useTranslation(['servicing']);
  const policyNumber = usePolicyNumber();
  return (
    <PolicyFrame titleKey="servicing:policy_owner_title" current="policy-owner" policyNumber={policyNumber}>
      {(detail) => (
        <>
          {detail.owner ? (
            <PersonCard client={detail.owner} headingId="owner-heading" title={t('servicing:policy_owner_title')} />
          ) : (
            <EmptyNote description={t('servicing:policy_owner_empty')} />
          )}
          {detail.payor ? (
            <PersonCard client={detail.payor} headingId="payor-heading" title={t('servicing:payor_title')} />
          ) : (
            <Text mb="lg">{t('servicing:payor_is_owner')}</Text>
          )}
        </>
      )}
    </PolicyFrame>
  );
}

/** Everyone linked to the policy and how: O owner, I life insured, P payor (spec §3). */
function ClientLinks({ detail }: { detail: PolicyDetailsResponse }) {
  const { t } = useTranslation(['servicing']);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="client-links-heading" mb="lg">
      <Title order={2} size="h4" id="client-links-heading" mb="sm">
        {t('servicing:client_links_title')}
      </Title>
      <Table verticalSpacing="xs" data-testid="client-links">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('servicing:client_link_type')}</Table.Th>
            <Table.Th scope="col">{t('servicing:name')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.clients.map((client) => (
            <Table.Tr key={`${client.linkType}-${client.firstName}-${client.lastName}`}>
              <Table.Td>
                {client.linkType} · {t(CLIENT_LINK_TYPE_KEYS[client.linkType])}
              </Table.Td>
              <Table.Td>
                {latinName(client)}
                {khmerName(client) ? (
                  <Text size="sm" c="dimmed" lang="km">
                    {khmerName(client)}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

export function LifeInsuredScreen() {
  const { t } = useTranslation(['servicing']);
  const policyNumber = usePolicyNumber();
  return (
    <PolicyFrame titleKey="servicing:life_insured_title" current="life-insured" policyNumber={policyNumber}>
      {(detail) => (
        <>
          {detail.insured ? (
            <PersonCard client={detail.insured} headingId="insured-heading" title={t('servicing:life_insured_title')} />
          ) : (
            <EmptyNote description={t('servicing:life_insured_empty')} />
          )}
          <ClientLinks detail={detail} />
        </>
      )}
    </PolicyFrame>
  );
}
