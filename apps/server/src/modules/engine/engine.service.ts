import { calculatePremiumResponseSchema, type CalculatePremiumRequest } from '@portal/domain/contracts/engine/calculate-premium';
import { calculatePremium } from '@portal/domain/engine/calculate-premium';
import type { Catalogue } from '@portal/domain/catalogue/catalogue-schema';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { AppError } from '../../lib/app-error';
import { cachedJson } from '../../lib/cached-json';
import { ResponseCache, type CachedAnswer } from '../../lib/response-cache';
import type { CatalogueStore } from '../products/catalogue.service';

/** Quotes remembered (the same request on the same day with the same catalogue gives the same answer). */
const QUOTE_MEMO_MAX = 2_000;
const QUOTE_MEMO_TTL_MS = 10 * 60_000;
const ROUTE = { method: 'POST', url: '/api/engine/v1/calculate' };

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

  constructor(private readonly store: CatalogueStore, private readonly now: () => Date = () => new Date()) {}

  calculate(request: CalculatePremiumRequest): Promise<CachedAnswer> {
    const catalogue = this.store.current;
    if (catalogue !== this.memoCatalogue) {
      this.memo.clear();
      this.memoCatalogue = catalogue;
    }
    const today = todayInPhnomPenh(this.now());
    return cachedJson(this.memo, `${today}|${JSON.stringify(request)}`, [], calculatePremiumResponseSchema, async () => {
      const result = calculatePremium(request, catalogue, { today });
      if (!result.ok) throw AppError.validation(result.errors);
      return { value: result.value };
    }, ROUTE);
  }
}
