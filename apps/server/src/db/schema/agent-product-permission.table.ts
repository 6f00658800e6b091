import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './app-user.table';

/**
 * An agent's saved product list (contracts/candidates/agent-products.ts): a row here means the
 * agent is restricted to the products in agent_product_permission; no row, every product.
 */
export const agentProductSetting = pgTable('agent_product_setting', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => appUser.id, { onDelete: 'cascade' }),
  createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  modifiedDate: timestamp('modified_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  createdBy: uuid('created_by').references(() => appUser.id),
  modifiedBy: uuid('modified_by').references(() => appUser.id),
  version: integer('version').notNull().default(1),
});

export const agentProductPermission = pgTable(
  'agent_product_permission',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => agentProductSetting.userId, { onDelete: 'cascade' }),
    productCode: text('product_code').notNull(),
    grantedBy: uuid('granted_by').references(() => appUser.id),
    grantedAt: timestamp('granted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productCode] })],
);
