import type { CalculatePremiumRequest, CalculatePremiumResponse } from '@portal/domain/contracts/engine/calculate-premium';
import { calculatePremium } from '@portal/domain/engine/calculate-premium';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { AppError } from '../../lib/app-error';
import type { CatalogueStore } from '../products/catalogue.service';

/**
 * Premium calculation with the current catalogue version, in memory: no database query and no
 * audit row per call (a quote holds no personal data beyond a birth date and gender, and is not
 * stored; the proposal that keeps it is audited by the proposals module).
 */
export class EngineService {
  constructor(private readonly store: CatalogueStore, private readonly now: () => Date = () => new Date()) {}

  calculate(request: CalculatePremiumRequest): CalculatePremiumResponse {
    const result = calculatePremium(request, this.store.current, { today: todayInPhnomPenh(this.now()) });
    if (!result.ok) throw AppError.validation(result.errors);
    return result.value;
  }
}
