import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for tests: an ES256 (P-256) key pair, attestation
 * `none`, authenticator data and signatures built by hand as WebAuthn Level 3 §6.1/§6.5 lay
 * them out. Options let a test break one thing at a time (origin, UV flag, counter, challenge).
 */
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function b64url(bytes: Uint8Array | string): string {
  return Buffer.from(bytes).toString('base64url');
}

function sha256(data: Uint8Array | string): Buffer {
  return createHash('sha256').update(data).digest();
}

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}

export interface SignOptions {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  challenge?: string;
  type?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly x: Buffer;
  private readonly y: Buffer;
  counter = 0;
  userHandle: string | undefined;

  constructor(
    readonly origin = 'http://localhost:3000',
    readonly rpId = 'localhost',
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.x = Buffer.from(jwk.x as string, 'base64url');
    this.y = Buffer.from(jwk.y as string, 'base64url');
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private flags(userVerified: boolean, attested: boolean): number {
    return FLAG_UP | (userVerified ? FLAG_UV : 0) | (attested ? FLAG_AT : 0);
  }

  /** navigator.credentials.create(), as RegistrationResponseJSON. */
  register(options: { challenge: string; user: { id: string } }, sign: SignOptions = {}) {
    this.userHandle = options.user.id;
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, this.x],
      [-3, this.y],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(sign.rpId ?? this.rpId),
      Buffer.from([this.flags(sign.userVerified ?? true, true)]),
      uint32(this.counter),
      Buffer.alloc(16), // AAGUID: zeros for attestation "none"
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const clientDataJSON = this.clientData(sign.type ?? 'webauthn.create', sign.challenge ?? options.challenge, sign.origin ?? this.origin);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(), as AuthenticationResponseJSON; the counter moves on first. */
  authenticate(options: { challenge: string }, sign: SignOptions & { counter?: number } = {}) {
    this.counter = sign.counter ?? this.counter + 1;
    const authData = Buffer.concat([
      sha256(sign.rpId ?? this.rpId),
      Buffer.from([this.flags(sign.userVerified ?? true, false)]),
      uint32(this.counter),
    ]);
    const clientDataJSON = this.clientData(sign.type ?? 'webauthn.get', sign.challenge ?? options.challenge, sign.origin ?? this.origin);
    const signature = signWith(this.privateKey, Buffer.concat([authData, sha256(clientDataJSON)]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}

/** ECDSA P-256 with SHA-256, DER-encoded as WebAuthn's ES256 signatures are. */
function signWith(key: KeyObject, data: Buffer): Buffer {
  return sign('sha256', data, key);
}
