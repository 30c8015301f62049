"""ScrapeDeck's Python client: every API operation, generated from the OpenAPI document, and the verifiers of what
ScrapeDeck signs. Standard library only; Ed25519 checks use `cryptography` or PyNaCl when installed."""

from ._operations import API_VERSION
from .client import ScrapeDeck, ScrapeDeckError, SignatureError
from .verify import (
    Ed25519Unavailable,
    Verified,
    ed25519_backend,
    verify_license_answer,
    verify_license_file,
    verify_signed_response,
    verify_webhook,
)

__all__ = [
    "API_VERSION",
    "Ed25519Unavailable",
    "ScrapeDeck",
    "ScrapeDeckError",
    "SignatureError",
    "Verified",
    "ed25519_backend",
    "verify_license_answer",
    "verify_license_file",
    "verify_signed_response",
    "verify_webhook",
]
