// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUE_2026_1 } from '@portal/domain/catalogue/catalogue-2026-1';
import { PRODUCT_LABELS } from '@portal/domain/codes/product-labels';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import { i18n } from '../../../lib/i18n';
import { APPLICATION } from '../../../test/application';
import { deferred, json, standInFetch } from '../../../test/fetch-stand-in';
import { renderScreen } from '../../../test/render';
import { useWizard } from '../hooks/use-wizard';
import { ProductInfoStep } from './product-info-step';

const PLAN_KEY = 'FPU01-01-01';
const application: ApplicationResponse = {
  ...APPLICATION,
  activeStep: 1,
  product: { ...APPLICATION.product, productCode: 'TERM', planKey: PLAN_KEY, riders: [{ code: 'FAUR' }] },
};

function Step() {
  const wizard = useWizard(application, []);
  return <ProductInfoStep wizard={wizard} product={application.product} />;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe.each(['en', 'km'] as const)('the product step in %s', (lang) => {
  it('names the product and riders in words while the catalogue is on its way, then by the catalogue', async () => {
    const catalogue = deferred();
    standInFetch(({ path }) => (path === '/api/product/v1/' ? catalogue.answer : undefined));
    await renderScreen(<Step />);
    await i18n.changeLanguage(lang);
    const term = CATALOGUE_2026_1.products.find((p) => p.code === 'TERM');
    const plan = term?.plans.find((p) => p.planKey === PLAN_KEY);
    const rider = CATALOGUE_2026_1.riders.find((r) => r.code === 'FAUR');
    if (!term || !plan || !rider) throw new Error('the catalogue lacks TERM, its plan or FAUR');
    const inLanguage = (x: { name: string; nameKh: string }) => (lang === 'km' ? x.nameKh : x.name);

    // Before the catalogue: the fixed labels, and no plan rather than its key.
    await waitFor(() => expect(screen.getByTestId('product-name').textContent).toBe(i18n.t(PRODUCT_LABELS.TERM ?? '')));
    expect(screen.getByTestId('product-riders').textContent).toBe(i18n.t(PRODUCT_LABELS.FAUR ?? ''));

    catalogue.send(
      json(200, { catalogueVersion: CATALOGUE_2026_1.version, products: CATALOGUE_2026_1.products, riders: CATALOGUE_2026_1.riders }),
    );
    await waitFor(() => expect(screen.getByTestId('product-name').textContent).toBe(`${inLanguage(term)} · ${inLanguage(plan)}`));
    expect(screen.getByTestId('product-riders').textContent).toBe(inLanguage(rider));
    for (const id of ['product-name', 'product-riders']) expect(screen.getByTestId(id).textContent).not.toMatch(/\b(TERM|FAUR|FPU01)/);
  });
});
