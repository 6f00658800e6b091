/**
 * Per-agent product permissions (spec §2 `agent/product-permission`, §7 Agent product permission).
 * An agent with no saved list sells every product (the agents who existed before lists did); once
 * an agency admin saves a list, the agent may sell only the listed products. Proposal and
 * application calls check it on the server (a refused product is 403 `product_not_permitted`).
 */
import * as z from 'zod';
import { BASE_PRODUCT_CODES, PRODUCT_CODES, type ProductCode } from '../../codes/products';

export const agentProductParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });

export const agentCodeHistorySchema = z.object({
  agentCode: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  reason: z.string(),
});
export type AgentCodeHistoryEntry = z.infer<typeof agentCodeHistorySchema>;

export const agentProductsResponseSchema = z.object({
  agent: z.object({
    id: z.string(),
    displayName: z.string(),
    username: z.string(),
    agentCode: z.string().nullable(),
    roles: z.array(z.string()),
  }),
  /** false: no list saved, every product permitted. */
  restricted: z.boolean(),
  productCodes: z.array(z.enum(PRODUCT_CODES as unknown as [ProductCode, ...ProductCode[]])),
  codes: z.array(agentCodeHistorySchema),
  /** 0 when no list was ever saved. */
  version: z.number(),
});
export type AgentProductsResponse = z.infer<typeof agentProductsResponseSchema>;

/**
 * GET /api/agent-product/v1/agents -> the agency's advisors and trainees (the caller's agency),
 * by name, each with whether a product list limits them: the way to their product permissions.
 */
export const agentListResponseSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      displayName: z.string(),
      displayNameKh: z.string().nullable(),
      agentCode: z.string().nullable(),
      roles: z.array(z.string()),
      /** false: no list saved, every product permitted. */
      restricted: z.boolean(),
      /** How many products the saved list permits (0 when not restricted). */
      productCount: z.number().int(),
    }),
  ),
});
export type AgentListResponse = z.infer<typeof agentListResponseSchema>;

export const saveAgentProductsSchema = z.object({
  agentUserId: z.uuid({ error: 'invalid' }),
  productCodes: z
    .array(z.enum(PRODUCT_CODES as unknown as [ProductCode, ...ProductCode[]], { error: 'invalid' }))
    .max(PRODUCT_CODES.length),
  /** The version read (0 when there was no list); stale -> 409. */
  version: z.number().int().min(0),
});
export type SaveAgentProductsRequest = z.infer<typeof saveAgentProductsSchema>;

/** The products the permission screen offers. */
export const PERMISSION_PRODUCT_CODES: readonly ProductCode[] = BASE_PRODUCT_CODES;

/** The one rule, pure: may an agent with this saved list (undefined: none saved) sell this product? */
export function isProductPermitted(savedList: readonly string[] | undefined, productCode: string): boolean {
  return savedList === undefined || savedList.includes(productCode);
}
