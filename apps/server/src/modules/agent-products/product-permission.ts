import { isProductPermitted } from '@portal/domain/contracts/candidates/agent-products';
import { AppError } from '../../lib/app-error';
import type { AgentProductsRepository } from './agent-products.repository';

/** The error a refused product gives: 403, code and messageKey `product_not_permitted` (errors namespace). */
export const productNotPermitted = () => new AppError(403, 'product_not_permitted', 'product_not_permitted');

/** Which products an agent may sell (no saved list: every product; else only the listed ones). */
export class ProductPermissions {
  constructor(private readonly repository: AgentProductsRepository) {}

  /** The products an agent may sell: undefined when no list is saved (every product). Read on every call, never cached in the token. */
  async permitted(userId: string): Promise<readonly string[] | undefined> {
    return (await this.repository.permissions(userId))?.productCodes;
  }

  async isPermitted(userId: string, productCode: string): Promise<boolean> {
    const saved = await this.repository.permissions(userId);
    return isProductPermitted(saved?.productCodes, productCode);
  }

  /**
   * THE check the proposal and application flows call before creating or updating a record for a
   * product: throws 403 `product_not_permitted` when the agency admin has not permitted the
   * product to this agent.
   */
  async assert(userId: string, productCode: string): Promise<void> {
    if (!(await this.isPermitted(userId, productCode))) throw productNotPermitted();
  }
}
