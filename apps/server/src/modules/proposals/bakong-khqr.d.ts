/** The part of the bakong-khqr 1.0.x API (its README) the portal uses; the package ships no types. */
declare module 'bakong-khqr' {
  export interface KhqrOptionalData {
    currency?: number;
    amount?: number;
    billNumber?: string;
    mobileNumber?: string;
    storeLabel?: string;
    terminalLabel?: string;
    purposeOfTransaction?: string;
    expirationTimestamp?: number;
    merchantCategoryCode?: string;
  }
  export class MerchantInfo {
    constructor(
      bakongAccountID: string,
      merchantName: string,
      merchantCity: string,
      merchantID: string,
      acquiringBank: string,
      optional?: KhqrOptionalData,
    );
  }
  export interface KhqrResponse<T> {
    status: { code: number; errorCode: number | null; message: string | null };
    data: T | null;
  }
  export class BakongKHQR {
    generateMerchant(info: MerchantInfo): KhqrResponse<{ qr: string; md5: string }>;
    static verify(qr: string): { isValid: boolean };
    static decode(qr: string): KhqrResponse<Record<string, string | null>>;
  }
  export const khqrData: { currency: { usd: number; khr: number } };
}
