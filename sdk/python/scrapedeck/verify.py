"""Verifiers of what ScrapeDeck signs, for partners and receivers (docs/api.md#signed-answers): license verification
answers (RFC 9421, Ed25519), offline license files (Ed25519) and webhook deliveries (Standard Webhooks, HMAC-SHA256).

The same checks, in the same order and with the same reasons, as the TypeScript verifiers the service's own tests
run; sdk/test-vectors.json holds the cases both must agree on. Ed25519 needs `cryptography` or PyNaCl (whichever is
installed); webhooks need the standard library only.
"""

import base64
import binascii
import hashlib
import hmac
import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import Any, Dict, Iterable, Mapping, Optional, Union

from . import _sfv

SIGNATURE_LABEL = "sig1"
SIGNATURE_ALG = "ed25519"
JWK_ALG = "EdDSA"
COVERED_COMPONENTS = ('"@status"', '"@path";req', '"content-digest"', '"date"')
MAX_SIGNATURE_AGE_SECONDS = 300
LICENSE_FILE_BEGIN = "-----BEGIN SCRAPEDECK LICENSE FILE-----"
LICENSE_FILE_END = "-----END SCRAPEDECK LICENSE FILE-----"
LICENSE_FILE_ALG = "base64+ed25519"
WEBHOOK_TOLERANCE_SECONDS = 300

Headers = Union[Mapping[str, Any], Any]


@dataclass
class Verified:
    """ok, with what was proven (kid, result, payload, event), or the refusal's reason and a message for people."""

    ok: bool
    reason: Optional[str] = None
    message: str = ""
    kid: Optional[str] = None
    data: Dict[str, Any] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return self.ok


def _fail(reason: str, message: str) -> Verified:
    return Verified(ok=False, reason=reason, message=message)


class Ed25519Unavailable(RuntimeError):
    """Neither `cryptography` nor PyNaCl is installed: Ed25519 signatures cannot be checked."""


def ed25519_backend() -> Optional[str]:
    """The library that checks Ed25519 signatures here: "cryptography", "nacl", or None."""
    try:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey  # noqa: F401

        return "cryptography"
    except ImportError:
        pass
    try:
        import nacl.signing  # noqa: F401

        return "nacl"
    except ImportError:
        return None


def _ed25519_verify(public_key: bytes, signature: bytes, data: bytes) -> bool:
    backend = ed25519_backend()
    if backend == "cryptography":
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

        try:
            Ed25519PublicKey.from_public_bytes(public_key).verify(signature, data)
            return True
        except (InvalidSignature, ValueError):
            return False
    if backend == "nacl":
        import nacl.exceptions
        import nacl.signing

        try:
            nacl.signing.VerifyKey(public_key).verify(data, signature)
            return True
        except (nacl.exceptions.BadSignatureError, ValueError):
            return False
    raise Ed25519Unavailable("install cryptography or PyNaCl to check ScrapeDeck's Ed25519 signatures")


def _header(headers: Headers, name: str) -> Optional[str]:
    """A header's value, every occurrence joined with ", ", or None; any casing, a dict or an http.client message."""
    if hasattr(headers, "get_all"):
        values = headers.get_all(name)
        return ", ".join(values) if values else None
    found = [value for key, value in dict(headers).items() if key.lower() == name]
    if not found:
        return None
    value = found[0]
    return ", ".join(value) if isinstance(value, (list, tuple)) else str(value)


def _is_string(value: Any) -> bool:
    return isinstance(value, str) and not isinstance(value, _sfv.Token)


def _now(now: Optional[datetime]) -> datetime:
    return now if now is not None else datetime.now(timezone.utc)


def _b64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _verification_key(jwks: Mapping[str, Any], kid: Any, now: datetime) -> Union[bytes, Verified]:
    """The public key `kid` names, if the set lists it as an Ed25519 signing key that has not expired."""
    jwk = next((key for key in jwks.get("keys", []) if _is_string(kid) and key.get("kid") == kid), None)
    if jwk is None:
        return _fail("unknown_key", f"No key {json.dumps(kid if _is_string(kid) else None)} in the key set.")
    if jwk.get("kty") != "OKP" or jwk.get("crv") != "Ed25519" or jwk.get("alg", JWK_ALG) != JWK_ALG:
        return _fail("unsupported_algorithm", f"Key {jwk.get('kid')} is not an Ed25519 (EdDSA) key.")
    if jwk.get("use", "sig") != "sig":
        return _fail("unsupported_algorithm", f"Key {jwk.get('kid')} is not a signing key.")
    if "exp" in jwk and now.timestamp() > jwk["exp"]:
        return _fail("key_expired", f"Key {jwk.get('kid')} was rotated out and has expired.")
    return _b64url(jwk["x"])


def verify_signed_response(
    status: int,
    path: str,
    headers: Headers,
    body: Union[bytes, str],
    jwks: Mapping[str, Any],
    now: Optional[datetime] = None,
    max_age_seconds: int = MAX_SIGNATURE_AGE_SECONDS,
) -> Verified:
    """Checks a signed answer (status, the request's path as sent, headers, the raw body) against the key set."""
    now = _now(now)
    body_bytes = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    date, content_digest, signature_input, signature_header = (
        _header(headers, name) for name in ("date", "content-digest", "signature-input", "signature")
    )
    if not date or not content_digest or not signature_input or not signature_header:
        return _fail("unsigned", "The answer lacks Date, Content-Digest, Signature-Input or Signature.")
    try:
        member = _sfv.parse_dictionary(signature_input).get(SIGNATURE_LABEL)
        signature = _sfv.parse_dictionary(signature_header).get(SIGNATURE_LABEL, (None, {}))[0]
        digest = _sfv.parse_dictionary(content_digest).get("sha-256", (None, {}))[0]
    except _sfv.ParseError:
        return _fail("malformed", "Signature-Input, Signature or Content-Digest is not a structured field dictionary.")
    if member is None or not _sfv.is_inner_list(member) or not isinstance(signature, bytes):
        return _fail("malformed", f"No signature labelled {SIGNATURE_LABEL}.")
    if not isinstance(digest, bytes):
        return _fail("malformed", "Content-Digest has no sha-256 digest.")
    items, params = member
    alg = params.get("alg")
    if not (_is_string(alg) and alg == SIGNATURE_ALG):
        return _fail("unsupported_algorithm", f'The signature\'s alg is {alg!r}, not "{SIGNATURE_ALG}".')
    created = params.get("created")
    if not isinstance(created, int) or isinstance(created, bool):
        return _fail("malformed", "The signature has no created time.")

    components = []
    for name, item_params in items:
        identifier = _sfv.serialize_item((name, item_params))
        if not _is_string(name):
            return _fail("malformed", f"The signature covers {identifier}, which this scheme does not sign.")
        flags = list(item_params)
        if name == "@status":
            value = str(status) if not flags else None
        elif name == "@path":
            value = path if flags == ["req"] and item_params["req"] is True else None
        elif name.startswith("@") or flags:
            value = None
        else:
            header = _header(headers, name)
            if header is None:
                return _fail("unsigned", f"The signature covers {identifier}, which the answer lacks.")
            value = header.strip()
        if value is None:
            return _fail("malformed", f"The signature covers {identifier}, which this scheme does not sign.")
        components.append((identifier, value))
    missing = [c for c in COVERED_COMPONENTS if c not in [identifier for identifier, _ in components]]
    if missing:
        return _fail("incomplete", f"The signature does not cover {', '.join(missing)}.")

    try:
        date_value = parsedate_to_datetime(date)
    except (TypeError, ValueError):
        return _fail("malformed", "Date is not an HTTP date.")
    if date_value.tzinfo is None:
        date_value = date_value.replace(tzinfo=timezone.utc)
    for what, at in (("Date", date_value.timestamp()), ("created", float(created))):
        if abs(now.timestamp() - at) > max_age_seconds:
            return _fail("stale", f"{what} is more than {max_age_seconds} s from now: an old answer, or a clock that is off.")

    if not hmac.compare_digest(hashlib.sha256(body_bytes).digest(), digest):
        return _fail("digest_mismatch", "The body is not the one that was signed.")

    key = _verification_key(jwks, params.get("keyid"), now)
    if isinstance(key, Verified):
        return key
    base = "".join(f"{identifier}: {value}\n" for identifier, value in components)
    base += '"@signature-params": ' + _sfv.serialize_inner_list(member)
    if not _ed25519_verify(key, signature, base.encode("utf-8")):
        return _fail("bad_signature", "The signature does not match the answer.")
    return Verified(ok=True, kid=params["keyid"])


def verify_license_answer(
    status: int,
    path: str,
    headers: Headers,
    body: Union[bytes, str],
    jwks: Mapping[str, Any],
    nonce: Optional[str] = None,
    now: Optional[datetime] = None,
) -> Verified:
    """A POST /api/verify-license answer: its signature, then the nonce this check sent, echoed inside the signed body.
    ok with data["result"], the verdict (valid or not); a signed error answer (4xx, 5xx) is "error_answer"."""
    signed = verify_signed_response(status, path, headers, body, jwks, now)
    if not signed.ok:
        return signed
    text = body.decode("utf-8") if isinstance(body, (bytes, bytearray)) else body
    parsed = json.loads(text)
    if status != 200:
        return _fail("error_answer", f"{status} {parsed.get('code')}: {parsed.get('message')}")
    if nonce is not None and parsed.get("nonce") != nonce:
        return _fail("nonce_mismatch", "The answer does not echo this check's nonce: it was made for another check.")
    return Verified(ok=True, kid=signed.kid, data={"result": parsed})


def verify_license_file(text: str, jwks: Mapping[str, Any], now: Optional[datetime] = None) -> Verified:
    """An offline license file, with the public keys alone: ok with data["payload"] (only license.status "active" is
    usable), or why not (a changed byte anywhere, another or an expired key, a file past its expires_at)."""
    now = _now(now)
    begin, end = text.find(LICENSE_FILE_BEGIN), text.find(LICENSE_FILE_END)
    if begin < 0 or end < begin:
        return _fail("malformed", "Not a ScrapeDeck license file: its BEGIN and END lines are missing.")
    try:
        inner = "".join(text[begin + len(LICENSE_FILE_BEGIN) : end].split())
        envelope = json.loads(base64.b64decode(inner, validate=True).decode("utf-8"))
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return _fail("malformed", "The license file's contents are not base64 JSON.")
    if not isinstance(envelope, dict) or not _is_string(envelope.get("enc")) or not _is_string(envelope.get("sig")):
        return _fail("malformed", "The license file lacks enc or sig.")
    if envelope.get("alg") != LICENSE_FILE_ALG:
        return _fail("unsupported_algorithm", f"The license file's alg is {json.dumps(envelope.get('alg'))}.")
    key = _verification_key(jwks, envelope.get("kid"), now)
    if isinstance(key, Verified):
        return key
    try:
        signature = base64.b64decode(envelope["sig"], validate=True)
    except (ValueError, binascii.Error):
        return _fail("malformed", "The license file's signature is not base64.")
    if not _ed25519_verify(key, signature, ("license/" + envelope["enc"]).encode("ascii")):
        return _fail("bad_signature", "The license file's signature does not match its contents.")
    payload = json.loads(base64.b64decode(envelope["enc"]).decode("utf-8"))
    expires_at = datetime.fromisoformat(payload["expires_at"].replace("Z", "+00:00"))
    if not now < expires_at:
        return _fail("expired", f"The license file expired at {payload['expires_at']}.")
    return Verified(ok=True, kid=envelope["kid"], data={"payload": payload})


def _webhook_signatures(header: str) -> Iterable[bytes]:
    for entry in header.split(" "):
        version, _, value = entry.partition(",")
        if version == "v1" and value:
            try:
                yield base64.b64decode(value, validate=True)
            except (ValueError, binascii.Error):
                continue


def verify_webhook(
    body: Union[bytes, str],
    headers: Headers,
    secret: str,
    now: Optional[datetime] = None,
    tolerance_seconds: int = WEBHOOK_TOLERANCE_SECONDS,
) -> Verified:
    """A webhook delivery (the raw body, before parsing, and its headers) against the secret of GET
    /api/webhooks/secret (whsec_…, as it is): ok with data["event"], or why not. During a rotation's 24 h either secret
    passes."""
    now = _now(now)
    try:
        key = base64.b64decode(secret[len("whsec_") :], validate=True) if secret.startswith("whsec_") else b""
    except (ValueError, binascii.Error):
        key = b""
    if not key:
        return _fail("malformed", "The secret is not whsec_ followed by base64.")
    webhook_id, timestamp, signatures = (
        _header(headers, name) for name in ("webhook-id", "webhook-timestamp", "webhook-signature")
    )
    if not webhook_id or not timestamp or not signatures:
        return _fail("unsigned", "The delivery lacks webhook-id, webhook-timestamp or webhook-signature.")
    if not timestamp.isdigit():
        return _fail("malformed", "webhook-timestamp is not Unix seconds.")
    if abs(now.timestamp() - int(timestamp)) > tolerance_seconds:
        return _fail("stale", f"webhook-timestamp is more than {tolerance_seconds} s from now: an old delivery, or a clock that is off.")
    candidates = list(_webhook_signatures(signatures))
    if not candidates:
        return _fail("malformed", "webhook-signature has no v1 signature.")
    text = body.decode("utf-8") if isinstance(body, (bytes, bytearray)) else body
    expected = hmac.new(key, f"{webhook_id}.{timestamp}.{text}".encode("utf-8"), hashlib.sha256).digest()
    if any(hmac.compare_digest(expected, candidate) for candidate in candidates):
        return Verified(ok=True, data={"id": webhook_id, "event": json.loads(text)})
    return _fail("bad_signature", "No signature of the delivery matches this secret.")
