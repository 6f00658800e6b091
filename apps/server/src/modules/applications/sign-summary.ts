import { createHash } from 'node:crypto';
import type { Language } from '@portal/domain/codes/languages';
import { PREMIUM_MODE_LABELS } from '@portal/domain/codes/application-labels';
import type { RemoteSignParty, SignSummary } from '@portal/domain/contracts/applications/remote-signature';
import { formatUsdAmount } from '@portal/domain/format/money';
import type { ApplicationRow } from '../../db/schema/application.table';
import { named, personName, type ProductNames } from './application-form';
import { codeLabel, labelText } from './application-form-labels';

const PARTY_LABELS: Readonly<Record<RemoteSignParty, string>> = {
  policyOwner: 'applications:policy_owner',
  lifeInsured: 'applications:life_insured',
};

function label(key: string, lang: Language, values?: Readonly<Record<string, string>>): string {
  return labelText(`applications:${key}`, lang, values) ?? key;
}

/**
 * What a remote signer reads before signing, in `lang`, built from the application as stored:
 * product and plan by their catalogue names, amounts in dollars, people by name, the premium mode
 * in words, and the declaration's text (the screens' own, from the language files). `text` is the
 * canonical form — one `label: value` line each, a blank line, the declaration — and `hash` its
 * SHA-256; the signature's evidence keeps the hash, and signing is refused when it changed.
 */
export function signSummary(row: ApplicationRow, party: RemoteSignParty, lang: Language, names: ProductNames | null): SignSummary {
  const p = row.product;
  const info = row.steps.personalInfo;
  const insured = info.lifeInsured ?? {};
  const owner = (info.ownerIsInsured === true ? info.lifeInsured : info.policyOwner) ?? {};
  const productName = named(names?.product(p.productCode), lang, p.productCode);
  const planName = named(names?.plan(p.productCode, p.planKey), lang, p.planKey);
  const lines = [
    { label: label('sign_summary_number', lang), value: row.applicationNumber },
    { label: label('sign_summary_product', lang), value: productName },
    ...(planName === productName ? [] : [{ label: label('sign_summary_plan', lang), value: planName }]),
    { label: label('sign_summary_sum_assured', lang), value: formatUsdAmount(p.faceAmount) },
    {
      label: label('sign_summary_premium', lang, { mode: codeLabel(PREMIUM_MODE_LABELS, p.premiumMode, lang) }),
      value: formatUsdAmount(p.premium),
    },
    {
      label: label('sign_summary_terms', lang),
      value: label('sign_summary_terms_value', lang, { policy: String(p.policyTerm), premium: String(p.premiumTerm) }),
    },
    { label: labelText(PARTY_LABELS.policyOwner, lang) ?? '', value: personName(lang, owner) },
    { label: labelText(PARTY_LABELS.lifeInsured, lang) ?? '', value: personName(lang, insured) },
    { label: label('sign_summary_signer', lang), value: labelText(PARTY_LABELS[party], lang) ?? party },
  ];
  const declaration = label('declaration_text', lang);
  const text = `${lines.map((l) => `${l.label}: ${l.value}`).join('\n')}\n\n${declaration}`;
  return { lang, party, lines, declaration, text, hash: createHash('sha256').update(text, 'utf8').digest('hex') };
}
