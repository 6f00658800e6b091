/**
 * Text keys of the product names a person reads (spec §3's base products and the riders a policy
 * of the insurer's system may carry), in the `common` namespace: a screen shows the name, never
 * the code.
 */
export const PRODUCT_LABELS: Readonly<Record<string, string>> = {
  LPTL: 'common:product_lptl',
  MLPX: 'common:product_mlpx',
  EDU: 'common:product_edu',
  ENDW: 'common:product_endw',
  TRRP: 'common:product_trrp',
  MRTA: 'common:product_mrta',
  KRUR: 'common:product_krur',
  TERM: 'common:product_term',
  THCR: 'common:product_thcr',
  TMCR: 'common:product_tmcr',
  PLUR: 'common:product_plur',
  FAUR: 'common:product_faur',
};

/** The key for a product the list does not know. */
export const OTHER_PRODUCT_LABEL = 'common:product_other';
