import type { CalculatePremiumRequest, CalculatePremiumResponse } from '@portal/domain/contracts/engine/calculate-premium';
import { calculatePremium } from '@portal/domain/engine/calculate-premium';
import { todayInPhnomPenh, toOffsetDateTime } from '@portal/domain/format/date';
import { isProductPermitted } from '@portal/domain/contracts/candidates/agent-products';
import { AppError } from '../../lib/app-error';
import { productNotPermitted } from '../agent-products/product-permission';
import type { CatalogueStore } from '../products/catalogue.service';

const DAY_MS = 86_400_000;

/**
 * Premium calculation with the current catalogue version, in memory: no database query and no
 * audit row per call (a quote holds no personal data beyond a birth date and gender, and is not
 * stored; the proposal that keeps it is audited by the proposals module). The route serialises
 * the answer with its response schema.
 */
export class EngineService {
  /** Today in Phnom Penh, worked out once a day: [from, to) in epoch milliseconds. */
  private day = { date: '', from: 0, to: 0 };

  constructor(
    private readonly store: CatalogueStore,
    private readonly now: () => Date = () => new Date(),
    /** The products an agent may sell (undefined: every product), read afresh for each quote. */
    private readonly permittedProducts?: (userId: string) => Promise<readonly string[] | undefined>,
  ) {}

  /**
   * A quote for an agent: refused with 403 `product_not_permitted` when the agency admin has not
   * permitted the product to them (the same rule as proposal create and update).
   */
  async calculateFor(userId: string, request: CalculatePremiumRequest): Promise<CalculatePremiumResponse> {
    const permitted = await this.permittedProducts?.(userId);
    if (!isProductPermitted(permitted, request.productCode)) throw productNotPermitted();
    return this.calculate(request);
  }

  /** The quote per premium mode, or 422 naming every broken rule's field and key. */
  calculate(request: CalculatePremiumRequest): CalculatePremiumResponse {
    const result = calculatePremium(request, this.store.current, { today: this.today() });
    if (!result.ok) throw AppError.validation(result.errors);
    return result.value;
  }

  private today(): string {
    const now = this.now().getTime();
    if (now < this.day.from || now >= this.day.to) {
      const date = todayInPhnomPenh(new Date(now));
      const from = Date.parse(toOffsetDateTime(date));
      this.day = { date, from, to: from + DAY_MS };
    }
    return this.day.date;
  }
}
