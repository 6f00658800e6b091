import { useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Loader, NativeSelect, Radio, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import type { CatalogueRider } from '@portal/domain/catalogue/catalogue-schema';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@portal/domain/constants/ui';
import { PROPOSAL_RELATIONSHIPS } from '@portal/domain/contracts/proposals/proposal-fields';
import { formatDisplayDate } from '@portal/domain/format/date';
import { groupThousands } from '@portal/domain/format/money';
import { riderPairIssues, toggleRider } from '@portal/domain/rules/rider-pairs';
import { isSearchable, normaliseSearchTerm } from '@portal/domain/rules/search';
import { IconAlert } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { OfflineKeyMissingError, type OutboxProblem } from '../../../lib/offline/outbox';
import { outboxProblemText, problemAsApiError } from '../../../lib/offline/outbox-problem';
import { saveRevision } from '../../../lib/offline/revise';
import { translateErrorKey, translateFormError } from '../../../lib/i18n';
import { useCatalogue } from '../api/find-catalogue';
import { useContactForProposal, useContactsForProposal } from '../api/find-contacts';
import { useCreateProposal, useUpdateProposal } from '../api/save-proposal';
import {
  riderNeedsAmount,
  toFormField,
  toProposalInput,
  withProductDefaults,
  type PersonForQuote,
  type QuoteFormValues,
} from '../hooks/quote-form-values';
import { useLiveQuote } from '../hooks/use-live-quote';
import { MODE_LABELS } from './labels';
import { usd } from './money';
import { PremiumTable } from './premium-table';
import { BusyButton } from '../../../components/ui/busy-button';
import { CatalogueUsed } from './catalogue-used';

interface QuoteFormProps {
  initial: QuoteFormValues;
  /** Editing a stored proposal: its id and the version read. */
  editing?: { id: string; version: number; reloadLatest: () => Promise<{ values: QuoteFormValues; version: number } | null> };
  /** Correcting a quote kept on the phone and refused by the server (`?outbox=`): saved, it is sent again. */
  revising?: { id: string; problem: OutboxProblem | undefined };
}

interface ContactOption extends PersonForQuote {
  id: string;
  label: string;
}

/**
 * The quote form (proposal new and edit): people from the advisor's contacts, product, plan,
 * sum assured, terms, riders (an input by face-amount type) and premium mode. Premiums are
 * recalculated in the browser as the user types (the shared engine, debounced); saving sends
 * the form to the server, which recalculates and stores its own answer.
 */
export function QuoteForm({ initial, editing, revising }: QuoteFormProps) {
  const { t, i18n } = useTranslation(['proposals', 'validation', 'errors', 'common', 'offline']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const catalogueQuery = useCatalogue();
  const catalogue = catalogueQuery.data?.catalogue;
  const form = useForm<QuoteFormValues>({ defaultValues: initial });
  const values = useWatch({ control: form.control }) as QuoteFormValues;
  const [submitted, setSubmitted] = useState(false);
  const problemText = (problem: OutboxProblem | undefined) => outboxProblemText(t, (key) => i18n.exists(key), problem);
  const [serverError, setServerError] = useState<string | null>(() => (revising ? problemText(revising.problem) : null));
  const [revisingBusy, setRevisingBusy] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [version, setVersion] = useState(editing?.version ?? 0);
  const create = useCreateProposal();
  const update = useUpdateProposal();

  // Contacts: the newest 50, or those matching a 3+ character search (asked once typing pauses,
  // as every search box does), plus the chosen ones.
  const [contactSearch, setContactSearch] = useState('');
  const [settledSearch] = useDebouncedValue(contactSearch, SEARCH_DEBOUNCE_MS);
  const searchTerm = isSearchable(settledSearch) ? normaliseSearchTerm(settledSearch) : '';
  const contactsQuery = useContactsForProposal(searchTerm);
  const insuredQuery = useContactForProposal(values.lifeInsuredContactId || null);
  const ownerQuery = useContactForProposal(values.ownerIsInsured ? null : values.policyOwnerContactId || null);
  const contacts = useMemo(() => {
    const map = new Map<string, ContactOption>();
    const add = (c: {
      id: string;
      firstName: string;
      lastName: string;
      firstNameKh: string | null;
      lastNameKh: string | null;
      dateOfBirth: string;
      gender: 'M' | 'F';
    }) => {
      const kh = [c.lastNameKh, c.firstNameKh].filter(Boolean).join(' ');
      map.set(c.id, {
        id: c.id,
        dateOfBirth: c.dateOfBirth,
        gender: c.gender,
        label: `${c.firstName} ${c.lastName}${kh ? ` · ${kh}` : ''} (${formatDisplayDate(c.dateOfBirth)})`,
      });
    };
    for (const q of [insuredQuery.data, ownerQuery.data]) if (q) add(q);
    for (const c of contactsQuery.data?.items ?? []) add(c);
    return map;
  }, [contactsQuery.data, insuredQuery.data, ownerQuery.data]);

  const live = useLiveQuote(values, contacts, catalogue);
  const product = catalogue?.products.find((p) => p.code === values.productCode);
  // A plan may narrow the product's face-amount range (First Plan LTU05: 30,000-75,000, spec §5).
  const faceLimits = product?.plans.find((p) => p.planKey === values.planKey)?.faceAmount ?? product?.faceAmount ?? { min: 0, max: 0 };
  const riders: CatalogueRider[] = product
    ? product.riders.map((code) => catalogue?.riders.find((r) => r.code === code)).filter((r): r is CatalogueRider => Boolean(r))
    : [];
  const term = product?.terms.find((x) => String(x.policyTerm) === values.policyTerm);
  /** A rider's name in the screen's language (never its code). */
  const riderName = (code: string): string => {
    const r = catalogue?.riders.find((x) => x.code === code);
    return r ? (i18n.language === 'km' ? r.nameKh || r.name : r.name) : code;
  };
  const selectedRiders = Object.entries(values.riders ?? {})
    .filter(([, r]) => r.selected)
    .map(([code]) => code);
  const pairIssues = riderPairIssues(selectedRiders);
  // Companions the form added for a rider that needs them (spec §5), said under each.
  const [addedFor, setAddedFor] = useState<Record<string, string>>({});
  const tickRider = (code: string, on: boolean) => {
    const next = toggleRider(selectedRiders, code, on);
    for (const r of riders) {
      const state = values.riders[r.code] ?? { selected: false, faceAmount: '' };
      const selected = next.selected.includes(r.code);
      if (state.selected !== selected) form.setValue(`riders.${r.code}`, { ...state, selected }, { shouldDirty: true });
    }
    setAddedFor((prev) => {
      const kept = Object.fromEntries(
        Object.entries(prev).filter(([companion, rider]) => next.selected.includes(companion) && next.selected.includes(rider)),
      );
      for (const a of next.added) kept[a.companion] = a.rider;
      return kept;
    });
  };
  /** What still stands between the form and a premium, each named. */
  const FIELD_NAMES: Record<string, string> = {
    lifeInsuredContactId: 'proposals:life_insured',
    policyOwnerContactId: 'proposals:policy_owner',
    relationshipCode: 'proposals:relationship',
    productCode: 'proposals:product',
    planKey: 'proposals:plan_key',
    faceAmount: 'proposals:face_amount',
    policyTerm: 'proposals:policy_term',
    premiumTerm: 'proposals:premium_term',
    premiumMode: 'proposals:premium_mode',
  };
  const missing = Object.keys(live.errors).map((field) => {
    const rider = /^riders\.([^.]+)\.(selected|faceAmount)$/.exec(field);
    if (rider?.[2] === 'faceAmount') return t('proposals:rider_amount_of', { rider: riderName(rider[1] ?? '') });
    if (rider) {
      const issue = pairIssues.find((i) => i.rider === rider[1]);
      return issue
        ? t('proposals:rider_needs_companion', { rider: riderName(issue.rider), companion: riderName(issue.companion) })
        : riderName(rider[1] ?? '');
    }
    const name = FIELD_NAMES[field];
    return name ? t(name) : field;
  });

  /** The field's error: the server's (after a save), else the live one (a missing value only once a save was tried). */
  const errorOf = (name: string): string | undefined => {
    const server = (form.formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
    const key = server ?? live.errors[name];
    if (!key || (key === 'required' && !submitted && !server)) return undefined;
    return translateFormError(key);
  };
  const riderError = (code: string, part: 'selected' | 'faceAmount') => {
    const issue = part === 'selected' ? pairIssues.find((i) => i.rider === code) : undefined;
    if (issue) return t('proposals:rider_needs_companion', { rider: riderName(issue.rider), companion: riderName(issue.companion) });
    const key = serverRiderErrors[`riders.${code}.${part}`] ?? live.errors[`riders.${code}.${part}`];
    if (!key || (key === 'required' && !submitted)) return undefined;
    return translateFormError(key);
  };
  const [serverRiderErrors, setServerRiderErrors] = useState<Record<string, string>>({});

  const onSubmit = form.handleSubmit(async (formValues) => {
    setSubmitted(true);
    setServerError(null);
    setServerRiderErrors({});
    const input = toProposalInput(formValues, catalogue);
    try {
      if (editing) {
        const saved = await update.mutateAsync({ id: editing.id, body: { ...input, version } });
        await navigate(`/home/proposal/proposal-detail/${encodeURIComponent(saved.id)}`);
      } else {
        const insured = contacts.get(formValues.lifeInsuredContactId)?.label ?? '';
        const label = [product ? (i18n.language === 'km' ? product.nameKh || product.name : product.name) : '', insured]
          .filter(Boolean)
          .join(' · ');
        const catalogueVersion = catalogueQuery.data?.catalogueVersion;
        if (revising) {
          setRevisingBusy(true);
          const outcome = await saveRevision(revising.id, { body: { ...input }, label }, catalogueVersion).finally(() =>
            setRevisingBusy(false),
          );
          if (outcome.state === 'conflict') {
            // A 422's fields are placed as after any save; any other refusal is said above the form.
            if (outcome.problem?.status === 422 && outcome.problem.errors?.length) throw problemAsApiError(outcome.problem);
            setServerError(problemText(outcome.problem));
            return;
          }
          notifications.show(
            outcome.state === 'sent'
              ? { color: 'green', message: t('offline:revised_sent') }
              : { color: 'yellow', message: t('offline:kept_notice') },
          );
          if (outcome.state === 'sent') await queryClient.invalidateQueries();
          await navigate(outcome.state === 'sent' ? '/home/proposal/proposal-list' : '/home/proposal');
          return;
        }
        const { sent, kept } = await create.mutateAsync({
          body: input,
          label,
          ...(catalogueVersion ? { catalogueVersion } : {}),
        });
        if (kept) {
          notifications.show({ color: 'yellow', message: t('offline:kept_notice') });
          await navigate('/home/proposal');
          return;
        }
        await navigate(`/home/proposal/new-proposal-created-success/${encodeURIComponent(sent.id)}`);
      }
    } catch (error) {
      if (error instanceof OfflineKeyMissingError) {
        setServerError(t('offline:no_key'));
        return;
      }
      if (revising && !isApiError(error)) {
        setServerError(t('offline:item_gone'));
        return;
      }
      if (isApiError(error) && error.status === 409) {
        setConflict(true);
        return;
      }
      if (isApiError(error) && error.status === 422 && error.errors?.length) {
        const riderErrors: Record<string, string> = {};
        let placed = 0;
        for (const e of error.errors) {
          const field = toFormField(e.field, input);
          if (field.startsWith('riders.')) riderErrors[field] = e.key;
          else form.setError(field as keyof QuoteFormValues, { type: 'server', message: e.key }, { shouldFocus: placed === 0 });
          placed += 1;
        }
        setServerRiderErrors(riderErrors);
        setServerError(t('proposals:fix_errors'));
        return;
      }
      setServerError(translateErrorKey(isApiError(error) ? error.messageKey : 'system_error'));
    }
  });

  const reload = async () => {
    const latest = await editing?.reloadLatest();
    if (!latest) {
      setServerError(t('proposals:reload_failed'));
      return;
    }
    form.reset(latest.values);
    setVersion(latest.version);
    setConflict(false);
  };

  if (catalogueQuery.isPending) return <Skeleton height={320} radius="md" data-testid="quote-loading" />;
  if (catalogueQuery.isError || !catalogue) {
    return (
      <Alert color="red" variant="light" icon={<IconAlert />} role="alert" title={t('proposals:catalogue_error')}>
        <Button size="sm" variant="light" color="red" onClick={() => void catalogueQuery.refetch()}>
          {t('common:retry')}
        </Button>
      </Alert>
    );
  }

  const contactOptions = [
    { value: '', label: t('proposals:choose_contact') },
    ...[...contacts.values()].map((c) => ({ value: c.id, label: c.label })),
  ];
  const modeQuote = live.quote?.premiumFirstYear[values.premiumMode];
  const saving = create.isPending || update.isPending || revisingBusy;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="quote-form">
      <Stack gap="md">
        {conflict ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlert />}
            role="alert"
            title={t('proposals:conflict_title')}
            data-testid="quote-conflict"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('proposals:conflict_text')}</Text>
              <Button size="sm" variant="light" onClick={() => void reload()}>
                {t('proposals:reload_latest')}
              </Button>
            </Stack>
          </Alert>
        ) : null}

        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb="xs">
            {t('proposals:people')}
          </Title>
          <Stack gap="sm">
            <TextInput
              type="search"
              label={t('proposals:find_contact')}
              description={t('proposals:find_contact_hint', { min: SEARCH_MIN_LENGTH })}
              value={contactSearch}
              onChange={(e) => setContactSearch(e.currentTarget.value)}
              autoComplete="off"
              rightSection={contactsQuery.isFetching ? <Loader size="xs" /> : null}
              data-testid="quote-contact-search"
            />
            <Controller
              control={form.control}
              name="lifeInsuredContactId"
              render={({ field }) => (
                <NativeSelect
                  {...field}
                  label={t('proposals:life_insured')}
                  data={contactOptions}
                  error={errorOf('lifeInsuredContactId')}
                  required
                  data-testid="quote-life-insured"
                />
              )}
            />
            <Controller
              control={form.control}
              name="ownerIsInsured"
              render={({ field }) => (
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  label={t('proposals:owner_is_insured')}
                  data-testid="quote-owner-is-insured"
                />
              )}
            />
            {!values.ownerIsInsured ? (
              <>
                <Controller
                  control={form.control}
                  name="policyOwnerContactId"
                  render={({ field }) => (
                    <NativeSelect
                      {...field}
                      label={t('proposals:policy_owner')}
                      data={contactOptions}
                      error={errorOf('policyOwnerContactId')}
                      required
                      data-testid="quote-policy-owner"
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="relationshipCode"
                  render={({ field }) => (
                    <NativeSelect
                      {...field}
                      label={t('proposals:relationship')}
                      required
                      error={errorOf('relationshipCode')}
                      data-testid="quote-relationship"
                      data={[
                        { value: '', label: t('proposals:choose') },
                        ...PROPOSAL_RELATIONSHIPS.map((r) => ({ value: r.code, label: t(r.labelKey) })),
                      ]}
                    />
                  )}
                />
              </>
            ) : null}
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb="xs">
            {t('proposals:plan')}
          </Title>
          <Stack gap="sm">
            <NativeSelect
              label={t('proposals:product')}
              required
              value={values.productCode}
              error={errorOf('productCode')}
              data-testid="quote-product"
              data={[
                { value: '', label: t('proposals:choose') },
                ...catalogue.products.map((p) => ({ value: p.code, label: i18n.language === 'km' ? p.nameKh || p.name : p.name })),
              ]}
              onChange={(e) => {
                const picked = catalogue.products.find((p) => p.code === e.currentTarget.value);
                if (picked) form.reset(withProductDefaults(form.getValues(), picked), { keepErrors: false });
                else form.setValue('productCode', '');
              }}
            />
            {product ? (
              <>
                <Controller
                  control={form.control}
                  name="planKey"
                  render={({ field }) => (
                    <NativeSelect
                      {...field}
                      label={t('proposals:plan_key')}
                      error={errorOf('planKey')}
                      data-testid="quote-plan"
                      data={product.plans.map((p) => ({ value: p.planKey, label: i18n.language === 'km' ? p.nameKh || p.name : p.name }))}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="faceAmount"
                  render={({ field }) => (
                    <TextInput
                      {...field}
                      label={t('proposals:face_amount')}
                      required
                      inputMode="decimal"
                      autoComplete="off"
                      leftSection="$"
                      description={t('proposals:face_amount_hint', {
                        min: groupThousands(String(faceLimits.min)),
                        max: groupThousands(String(faceLimits.max)),
                      })}
                      error={errorOf('faceAmount')}
                      data-testid="quote-face-amount"
                    />
                  )}
                />
                <Group grow align="flex-start">
                  <Controller
                    control={form.control}
                    name="policyTerm"
                    render={({ field }) => (
                      <NativeSelect
                        {...field}
                        label={t('proposals:policy_term')}
                        error={errorOf('policyTerm')}
                        data-testid="quote-policy-term"
                        onChange={(e) => {
                          field.onChange(e.currentTarget.value);
                          const next = product.terms.find((x) => String(x.policyTerm) === e.currentTarget.value);
                          if (next && !next.premiumTerms.map(String).includes(form.getValues('premiumTerm')))
                            form.setValue('premiumTerm', String(next.premiumTerms.at(-1)));
                        }}
                        data={product.terms.map((x) => ({
                          value: String(x.policyTerm),
                          label: t('proposals:years', { count: x.policyTerm }),
                        }))}
                      />
                    )}
                  />
                  <Controller
                    control={form.control}
                    name="premiumTerm"
                    render={({ field }) => (
                      <NativeSelect
                        {...field}
                        label={t('proposals:premium_term')}
                        error={errorOf('premiumTerm')}
                        data-testid="quote-premium-term"
                        data={(term?.premiumTerms ?? []).map((n) => ({ value: String(n), label: t('proposals:years', { count: n }) }))}
                      />
                    )}
                  />
                </Group>
              </>
            ) : null}
          </Stack>
        </Card>

        {product && riders.length > 0 ? (
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h4" mb="xs">
              {t('proposals:riders')}
            </Title>
            <Stack gap="sm">
              {riders.map((rider) => {
                const state = values.riders[rider.code] ?? { selected: false, faceAmount: '' };
                const coverage = live.quote?.coverages.find((c) => c.code === rider.code);
                const disabled = rider.requiresSeparateOwner && values.ownerIsInsured;
                return (
                  <Stack key={rider.code} gap={4} data-testid={`rider-${rider.code}`}>
                    <Checkbox
                      checked={state.selected}
                      disabled={disabled}
                      error={riderError(rider.code, 'selected')}
                      label={riderName(rider.code)}
                      description={
                        disabled
                          ? t('proposals:rider_needs_owner')
                          : state.selected && addedFor[rider.code]
                            ? t('proposals:rider_added_for', { rider: riderName(addedFor[rider.code] ?? '') })
                            : coverage
                              ? t('proposals:rider_cover', {
                                  amount: usd(coverage.faceAmount),
                                  premium: usd(coverage.premiumFirstYear[values.premiumMode]?.premium),
                                })
                              : undefined
                      }
                      onChange={(e) => tickRider(rider.code, e.currentTarget.checked)}
                      data-testid={`rider-${rider.code}-check`}
                    />
                    {state.selected && riderNeedsAmount(rider) ? (
                      rider.faceAmountType === 'LIST_OF_VALUES' ? (
                        <NativeSelect
                          ml="xl"
                          label={t('proposals:rider_amount_of', { rider: riderName(rider.code) })}
                          value={state.faceAmount}
                          error={riderError(rider.code, 'faceAmount')}
                          data-testid={`rider-${rider.code}-amount`}
                          data={[
                            { value: '', label: t('proposals:choose') },
                            ...(rider.faceAmount.options ?? []).map((o) => ({ value: String(o), label: `$${groupThousands(String(o))}` })),
                          ]}
                          onChange={(e) =>
                            form.setValue(`riders.${rider.code}`, { ...state, faceAmount: e.currentTarget.value }, { shouldDirty: true })
                          }
                        />
                      ) : (
                        <TextInput
                          ml="xl"
                          label={t('proposals:rider_amount_of', { rider: riderName(rider.code) })}
                          inputMode="decimal"
                          leftSection="$"
                          value={state.faceAmount}
                          error={riderError(rider.code, 'faceAmount')}
                          description={
                            rider.faceAmount.min !== undefined && rider.faceAmount.max !== undefined
                              ? t('proposals:face_amount_hint', {
                                  min: groupThousands(String(rider.faceAmount.min)),
                                  max: groupThousands(String(rider.faceAmount.max)),
                                })
                              : undefined
                          }
                          onChange={(e) =>
                            form.setValue(`riders.${rider.code}`, { ...state, faceAmount: e.currentTarget.value }, { shouldDirty: true })
                          }
                          data-testid={`rider-${rider.code}-amount`}
                        />
                      )
                    ) : null}
                  </Stack>
                );
              })}
            </Stack>
          </Card>
        ) : null}

        {product ? (
          <Card withBorder radius="md" padding="md">
            <Controller
              control={form.control}
              name="premiumMode"
              render={({ field }) => (
                <Radio.Group {...field} label={t('proposals:premium_mode')} error={errorOf('premiumMode')} data-testid="quote-mode">
                  <Group gap="sm" mt="xs" wrap="wrap">
                    {product.premiumModes.map((m) => (
                      <Radio key={m} value={m} label={t(MODE_LABELS[m])} data-testid={`quote-mode-${m}`} />
                    ))}
                  </Group>
                </Radio.Group>
              )}
            />
          </Card>
        ) : null}

        {product ? (
          <Card withBorder radius="md" padding="md" bg="var(--mantine-color-blue-light)" aria-live="polite" data-testid="quote-summary">
            <Group justify="space-between" align="center" wrap="nowrap">
              <Text fw={600}>{t('proposals:your_premium', { mode: t(MODE_LABELS[values.premiumMode]) })}</Text>
              {live.pending ? (
                <Loader size="sm" aria-label={t('proposals:calculating')} />
              ) : (
                <Text fw={700} fz="xl" data-testid="quote-premium">
                  {modeQuote ? usd(modeQuote.premium) : '—'}
                </Text>
              )}
            </Group>
            {live.quote ? (
              <Stack gap="xs" mt="sm">
                <PremiumTable quote={live.quote} mode={values.premiumMode} />
                <Text size="xs" c="dimmed">
                  {t('proposals:instant_note', { version: live.quote.catalogueVersion })}
                </Text>
                <CatalogueUsed version={live.quote.catalogueVersion} />
              </Stack>
            ) : (
              <Text size="sm" c="dimmed" mt="xs" data-testid="quote-missing">
                {missing.length > 0 ? t('proposals:quote_needs', { fields: missing.join('; ') }) : t('proposals:calculating')}
              </Text>
            )}
          </Card>
        ) : null}

        {serverError ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="quote-error">
            {serverError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <BusyButton type="submit" busy={saving} disabled={conflict} data-testid="quote-save">
            {editing ? t('proposals:save_changes') : t('proposals:save_proposal')}
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
