import { asc, eq } from 'drizzle-orm';
import type { Catalogue } from '@portal/domain/catalogue/catalogue-schema';
import type { Db } from '../../db/client';
import { cataloguePlan } from '../../db/schema/catalogue-plan.table';
import { catalogueProduct } from '../../db/schema/catalogue-product.table';
import { catalogueRate } from '../../db/schema/catalogue-rate.table';
import { catalogueRider, catalogueRiderPair } from '../../db/schema/catalogue-rider.table';
import { catalogueVersion } from '../../db/schema/catalogue-version.table';

/** A term stored as 0 means "any" (the columns are part of the primary key, so not nullable). */
const ANY_TERM = 0;

export interface SeededVersion {
  version: string;
  checksum: string;
  effectiveDate: string;
}

/** The catalogue_* tables: seed one version in one transaction, read versions back. */
export class CatalogueRepository {
  constructor(private readonly db: Db) {}

  async versions(): Promise<SeededVersion[]> {
    return this.db
      .select({ version: catalogueVersion.version, checksum: catalogueVersion.checksum, effectiveDate: catalogueVersion.effectiveDate })
      .from(catalogueVersion)
      .orderBy(asc(catalogueVersion.effectiveDate));
  }

  /**
   * Inserts a whole version, or nothing when it is already there (another server may be seeding
   * the same version at the same moment: the version row's key decides, the loser inserts nothing).
   * True when this call inserted it.
   */
  async seed(catalogue: Catalogue, checksum: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { version } = catalogue;
      const inserted = await tx
        .insert(catalogueVersion)
        .values({
          version,
          effectiveDate: catalogue.effectiveDate,
          currency: catalogue.currency,
          checksum,
          modalFactorsBp: catalogue.modalFactorsBp,
          modeDiscountBp: catalogue.modeDiscountBp,
          largeAmountDiscount: catalogue.largeAmountDiscount,
        })
        .onConflictDoNothing({ target: catalogueVersion.version })
        .returning({ version: catalogueVersion.version });
      if (inserted.length === 0) return false;
      await tx.insert(catalogueProduct).values(
        catalogue.products.map((p, position) => ({
          version,
          code: p.code,
          position,
          name: p.name,
          nameKh: p.nameKh,
          packageType: p.packageType,
          payoutTypes: p.payoutTypes,
          premiumModes: p.premiumModes,
          defaultPlanKey: p.defaultPlanKey,
          terms: p.terms,
          defaultPolicyTerm: p.defaultPolicyTerm,
          defaultPremiumTerm: p.defaultPremiumTerm,
          maxMaturityAge: p.maxMaturityAge,
          ages: p.ages,
          faceAmount: p.faceAmount,
          riders: p.riders,
        })),
      );
      await tx.insert(cataloguePlan).values(
        catalogue.products.flatMap((p) =>
          p.plans.map((plan, position) => ({
            version,
            productCode: p.code,
            planKey: plan.planKey,
            position,
            planCode: plan.planCode,
            variant: plan.variant,
            payoutType: plan.payoutType,
            name: plan.name,
            nameKh: plan.nameKh,
            rateTable: plan.rateTable,
            faceAmount: plan.faceAmount ?? null,
            ages: plan.ages ?? null,
          })),
        ),
      );
      await tx.insert(catalogueRider).values(
        catalogue.riders.map((r, position) => ({
          version,
          code: r.code,
          position,
          name: r.name,
          nameKh: r.nameKh,
          coverageType: r.coverageType,
          faceAmountType: r.faceAmountType,
          insured: r.insured,
          requiresSeparateOwner: r.requiresSeparateOwner,
          ages: r.ages,
          faceAmount: r.faceAmount,
          planKeys: r.planKeys ?? null,
          rateTable: r.rateTable,
        })),
      );
      if (catalogue.riderPairs.length > 0) {
        await tx.insert(catalogueRiderPair).values(catalogue.riderPairs.map((pair, position) => ({ version, position, ...pair })));
      }
      let position = 0;
      const rates = catalogue.rateTables.flatMap((table) =>
        table.rows.map((row) => ({
          version,
          tableId: table.id,
          position: position++,
          basis: table.basis,
          gender: row.gender,
          policyTerm: row.policyTerm ?? ANY_TERM,
          premiumTerm: row.premiumTerm ?? ANY_TERM,
          ageFrom: row.ageFrom,
          ageStep: row.ageStep,
          rates: row.rates,
        })),
      );
      // In slices: one statement with every rate row would pass PostgreSQL's parameter limit.
      for (let i = 0; i < rates.length; i += 200) await tx.insert(catalogueRate).values(rates.slice(i, i + 200));
      return true;
    });
  }

  /** One version as the engine's Catalogue (unvalidated: the service validates it). */
  async load(version: string): Promise<Catalogue | null> {
    const [head] = await this.db.select().from(catalogueVersion).where(eq(catalogueVersion.version, version));
    if (!head) return null;
    const [products, plans, riders, pairs, rates] = await Promise.all([
      this.db.select().from(catalogueProduct).where(eq(catalogueProduct.version, version)).orderBy(asc(catalogueProduct.position)),
      this.db.select().from(cataloguePlan).where(eq(cataloguePlan.version, version)).orderBy(asc(cataloguePlan.position)),
      this.db.select().from(catalogueRider).where(eq(catalogueRider.version, version)).orderBy(asc(catalogueRider.position)),
      this.db.select().from(catalogueRiderPair).where(eq(catalogueRiderPair.version, version)).orderBy(asc(catalogueRiderPair.position)),
      this.db.select().from(catalogueRate).where(eq(catalogueRate.version, version)).orderBy(asc(catalogueRate.position)),
    ]);
    const tables = new Map<string, Catalogue['rateTables'][number]>();
    for (const r of rates) {
      const table = tables.get(r.tableId) ?? { id: r.tableId, basis: r.basis, rows: [] };
      tables.set(r.tableId, table);
      table.rows.push({
        gender: r.gender,
        policyTerm: r.policyTerm === ANY_TERM ? null : r.policyTerm,
        premiumTerm: r.premiumTerm === ANY_TERM ? null : r.premiumTerm,
        ageFrom: r.ageFrom,
        ageStep: r.ageStep,
        rates: r.rates,
      });
    }
    return {
      version: head.version,
      effectiveDate: head.effectiveDate,
      currency: head.currency as 'USD',
      modalFactorsBp: head.modalFactorsBp,
      modeDiscountBp: head.modeDiscountBp,
      largeAmountDiscount: head.largeAmountDiscount,
      products: products.map((p) => ({
        code: p.code,
        name: p.name,
        nameKh: p.nameKh,
        packageType: p.packageType,
        payoutTypes: p.payoutTypes,
        premiumModes: p.premiumModes,
        defaultPlanKey: p.defaultPlanKey,
        plans: plans
          .filter((plan) => plan.productCode === p.code)
          .map((plan) => ({
            planKey: plan.planKey,
            planCode: plan.planCode,
            variant: plan.variant,
            payoutType: plan.payoutType,
            name: plan.name,
            nameKh: plan.nameKh,
            rateTable: plan.rateTable,
            ...(plan.faceAmount ? { faceAmount: plan.faceAmount } : {}),
            ...(plan.ages ? { ages: plan.ages } : {}),
          })),
        terms: p.terms,
        defaultPolicyTerm: p.defaultPolicyTerm,
        defaultPremiumTerm: p.defaultPremiumTerm,
        maxMaturityAge: p.maxMaturityAge,
        ages: p.ages,
        faceAmount: p.faceAmount,
        riders: p.riders,
      })),
      riders: riders.map((r) => ({
        code: r.code,
        name: r.name,
        nameKh: r.nameKh,
        coverageType: r.coverageType,
        faceAmountType: r.faceAmountType,
        insured: r.insured,
        requiresSeparateOwner: r.requiresSeparateOwner,
        ages: r.ages,
        faceAmount: r.faceAmount,
        ...(r.planKeys ? { planKeys: r.planKeys } : {}),
        rateTable: r.rateTable,
      })),
      riderPairs: pairs.map((pair) => ({ rider: pair.rider, companion: pair.companion, kind: pair.kind })),
      rateTables: [...tables.values()],
    };
  }
}
