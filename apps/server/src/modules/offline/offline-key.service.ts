import { createHmac } from 'node:crypto';
import { deriveKey } from '../auth/auth-crypto';

/**
 * The key the web app locks its offline store with (AES-256-GCM in the browser): an HMAC of the
 * user id under a key derived from the server secret, so nothing is stored and every server
 * sharing JWT_SECRET answers the same key. A new JWT_SECRET makes data kept offline unreadable
 * (the app then offers to discard it).
 */
export class OfflineKeyService {
  private readonly secret: Buffer;

  constructor(jwtSecret: string) {
    this.secret = deriveKey(jwtSecret, 'offline-store');
  }

  keyFor(userId: string): string {
    return createHmac('sha256', this.secret).update(`offline-key:${userId}`, 'utf8').digest('base64url');
  }
}
