import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { CurrencyCode } from '@portal/domain/codes/currencies';
import type { PaymentType } from '@portal/domain/codes/payment-types';
import { policy } from './policy.table';

/**
 * A premium payment (spec §3 payment types CDB, CHQ, CS, WING, PTPP; bank code 005), in minor
 * units of the currency it was paid in. Listed newest first: (payment_date, id) descending, the
 * id following the feed's order.
 */
export const policyPayment = pgTable(
  'policy_payment',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policy.id, { onDelete: 'cascade' }),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').$type<CurrencyCode>().notNull(),
    paymentType: text('payment_type').$type<PaymentType>().notNull(),
    bankCode: text('bank_code'),
    reference: text('reference'),
    sourcePolicyNumber: text('source_policy_number'),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
  },
  (t) => [
    index('policy_payment_policy_date_idx').on(t.policyId, t.paymentDate.desc(), t.id.desc()),
    check('policy_payment_currency', sql`${t.currency} IN ('02', '96')`),
    check('policy_payment_type', sql`${t.paymentType} IN ('CDB', 'CHQ', 'CS', 'WING', 'PTPP')`),
  ],
);
