import { isProductPermitted } from '@portal/domain/contracts/candidates/agent-products';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { AgentProductsRepository } from './agent-products.repository';

/** The error a refused product gives: 403, code and messageKey `product_not_permitted` (errors namespace). */
export const productNotPermitted = () => new AppError(403, 'product_not_permitted', 'product_not_permitted');

/** The products an agent may sell: undefined when no list is saved (every product). Read on every call, never cached in the token. */
export async function permittedProductsFor(db: Db, userId: string): Promise<readonly string[] | undefined> {
  return (await new AgentProductsRepository(db).permissions(userId))?.productCodes;
}

/** May this agent sell this product? (no saved list: every product; else only the listed ones) */
export async function isProductPermittedFor(db: Db, userId: string, productCode: string): Promise<boolean> {
  const saved = await new AgentProductsRepository(db).permissions(userId);
  return isProductPermitted(saved?.productCodes, productCode);
}

/**
 * THE check the proposal and application flows call before creating or updating a record for a
 * product (and the quote form's premium calculation): throws 403 `product_not_permitted` when the
 * agency admin has not permitted the product to this agent.
 *
 *   await assertProductPermitted(app.db, caller.user.id, body.productCode);
 */
export async function assertProductPermitted(db: Db, userId: string, productCode: string): Promise<void> {
  if (!(await isProductPermittedFor(db, userId, productCode))) throw productNotPermitted();
}
