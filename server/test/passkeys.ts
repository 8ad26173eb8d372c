import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { TestClient } from './http-client';
import { TEST_ORIGIN } from './test-context';

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

/** The few CBOR shapes a WebAuthn response needs: small integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const base64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();

/**
 * A software authenticator, as a browser's would answer Better Auth's passkey ceremonies: one P-256
 * key pair, attestation "none", user present and verified. Registers through the real endpoints and
 * signs in through them, so a test proves what a passkey really opens.
 */
export class SoftwarePasskey {
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = crypto.randomBytes(32);
  private counter = 0;

  constructor(private readonly rpId = new URL(TEST_ORIGIN).hostname) {}

  private authenticatorData(attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++this.counter);
    // User present (0x01) and verified (0x04); attested credential data follows (0x40) at registration.
    const flags = Buffer.from([0x05 | (attested ? 0x40 : 0)]);
    return Buffer.concat([sha256(this.rpId), flags, count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: TEST_ORIGIN, crossOrigin: false }));
  }

  /** Adds this passkey to the account the client is signed in to; returns the endpoint's answer. */
  async register(client: TestClient, name = 'Software passkey') {
    const options = await client.get('/api/auth/passkey/generate-register-options');
    if (options.status !== 200) return options;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authenticatorData(attested)],
      ]),
    );
    const challenge = (options.body as { challenge: string }).challenge;
    return client.post('/api/auth/passkey/verify-registration', {
      name,
      response: {
        id: base64url(this.credentialId),
        rawId: base64url(this.credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: base64url(this.clientData('webauthn.create', challenge)),
          attestationObject: base64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      },
    });
  }

  /** Signs the client in with this passkey, as the sign-in page does; returns the endpoint's answer. */
  async signIn(client: TestClient) {
    const options = await client.get('/api/auth/passkey/generate-authenticate-options');
    expect(options.status, options.text).toBe(200);
    const challenge = (options.body as { challenge: string }).challenge;
    const authenticatorData = this.authenticatorData();
    const clientDataJSON = this.clientData('webauthn.get', challenge);
    const signature = crypto.sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.keys.privateKey,
    );
    return client.post('/api/auth/passkey/verify-authentication', {
      response: {
        id: base64url(this.credentialId),
        rawId: base64url(this.credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: base64url(clientDataJSON),
          authenticatorData: base64url(authenticatorData),
          signature: base64url(signature),
        },
        clientExtensionResults: {},
      },
    });
  }
}
