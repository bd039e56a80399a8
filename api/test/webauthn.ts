import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { Encoder } from "cbor-x";

/**
 * Plain CBOR as authenticators write it: objects and Maps as CBOR maps (no record extension, and with
 * mapsAsObjects off no tag 259 on Maps), bytes as untagged byte strings.
 */
const cbor = new Encoder({ useRecords: false, mapsAsObjects: false, variableMapSize: true, tagUint8Array: false });

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

interface Keys {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/**
 * A software WebAuthn authenticator with one ES256 (P-256) credential: `create` answers
 * navigator.credentials.create() options with a 'none' attestation in CBOR, `get` answers
 * navigator.credentials.get() options with an assertion signed by node:crypto. Each `get` adds one
 * to its signature counter, as a hardware authenticator does.
 */
export class SoftwareAuthenticator {
  readonly credentialId: Buffer;
  counter: number;
  private readonly keys: Keys;

  constructor(
    readonly origin: string,
    from?: { credentialId: Buffer; keys: Keys; counter: number },
  ) {
    this.credentialId = from?.credentialId ?? randomBytes(32);
    this.keys = from?.keys ?? generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.counter = from?.counter ?? 0;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** A copy of the key and its counter as they are now: the cloned authenticator of an attack. */
  clone(): SoftwareAuthenticator {
    return new SoftwareAuthenticator(this.origin, {
      credentialId: this.credentialId,
      keys: this.keys,
      counter: this.counter,
    });
  }

  /** The same credential id, signed by a different key (a forged assertion). */
  impostor(): SoftwareAuthenticator {
    return new SoftwareAuthenticator(this.origin, {
      credentialId: this.credentialId,
      keys: generateKeyPairSync("ec", { namedCurve: "P-256" }),
      counter: this.counter + 100,
    });
  }

  /** The public key as a COSE_Key map (EC2, ES256, P-256). */
  private coseKey(): Buffer {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const x = Buffer.from(jwk.x!, "base64url");
    const y = Buffer.from(jwk.y!, "base64url");
    return Buffer.from(
      cbor.encode(
        new Map<number, number | Buffer>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, x],
          [-3, y],
        ]),
      ),
    );
  }

  private authenticatorData(rpId: string, flags: number, attested: boolean): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const parts: Buffer[] = [sha256(rpId), Buffer.from([flags]), counter];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, this.coseKey());
    }
    return Buffer.concat(parts);
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string): string {
    return JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false });
  }

  /**
   * Answers registration options (rp.id, challenge) with a 'none' attestation, reporting the credential discoverable
   * (credProps.rk) as `discoverable` says, or nothing about it when null (a browser that does not say).
   */
  create(options: { rp: { id?: string }; challenge: string }, discoverable: boolean | null = true) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const authData = this.authenticatorData(
      rpId,
      FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL,
      true,
    );
    const attestationObject = Buffer.from(cbor.encode({ fmt: "none", attStmt: {}, authData }));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: discoverable === null ? {} : { credProps: { rk: discoverable } },
    };
  }

  /** Answers authentication options (rpId, challenge) with a signed assertion; the counter moves on by one. */
  get(options: { rpId?: string; challenge: string }) {
    this.counter += 1;
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const authData = this.authenticatorData(rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED, false);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}
