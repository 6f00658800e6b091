import { calculatePremiumResponseSchema, type CalculatePremiumRequest } from '@portal/domain/contracts/engine/calculate-premium';
import { calculatePremium } from '@portal/domain/engine/calculate-premium';
import type { Catalogue } from '@portal/domain/catalogue/catalogue-schema';
import { todayInPhnomPenh, toOffsetDateTime } from '@portal/domain/format/date';
import { isProductPermitted } from '@portal/domain/contracts/candidates/agent-products';
import { AppError } from '../../lib/app-error';
import { productNotPermitted } from '../agent-products/product-permission';
import { cachedJson } from '../../lib/cached-json';
import { ResponseCache, type CachedAnswer } from '../../lib/response-cache';
import type { CatalogueStore } from '../products/catalogue.service';

/** Quotes remembered (the same request on the same day with the same catalogue gives the same answer). */
const QUOTE_MEMO_MAX = 2_000;
const QUOTE_MEMO_TTL_MS = 10 * 60_000;
const ROUTE = { method: 'POST', url: '/api/engine/v1/calculate' };
const DAY_MS = 86_400_000;

/**
 * Premium calculation with the current catalogue version, in memory: no database query and no
 * audit row per call (a quote holds no personal data beyond a birth date and gender, and is not
 * stored; the proposal that keeps it is audited by the proposals module). The engine is a pure
 * function of the request, the catalogue and today's date, so its serialized answers are
 * memoised on exactly those (a quote form asks the same thing again as the user steps back and
 * forth); a refused request is never memoised.
 */
export class EngineService {
  private readonly memo = new ResponseCache(QUOTE_MEMO_TTL_MS, QUOTE_MEMO_MAX);
  private memoCatalogue: Catalogue | undefined;
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
  async calculateFor(userId: string, request: CalculatePremiumRequest): Promise<CachedAnswer> {
    const permitted = await this.permittedProducts?.(userId);
    if (!isProductPermitted(permitted, request.productCode)) throw productNotPermitted();
    return this.calculate(request);
  }

  /** The quote's answer: at once (no promise) when remembered, else once the engine has built it. */
  calculate(request: CalculatePremiumRequest): CachedAnswer | Promise<CachedAnswer> {
    const catalogue = this.store.current;
    if (catalogue !== this.memoCatalogue) {
      this.memo.clear();
      this.memoCatalogue = catalogue;
    }
    const today = this.today();
    const key = `${today}|${JSON.stringify(request)}`;
    return (
      this.memo.get(key) ??
      cachedJson(
        this.memo,
        key,
        [],
        calculatePremiumResponseSchema,
        async () => {
          const result = calculatePremium(request, catalogue, { today });
          if (!result.ok) throw AppError.validation(result.errors);
          return { value: result.value };
        },
        ROUTE,
      )
    );
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
