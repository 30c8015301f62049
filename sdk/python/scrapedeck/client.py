"""The ScrapeDeck client: every API operation (generated in _operations.py from the OpenAPI document) over urllib,
and the checks that need ScrapeDeck's public keys. Standard library only."""

import json
import re
import secrets
import time
import urllib.error
import urllib.request
from typing import Any, Dict, Mapping, Optional, Tuple
from urllib.parse import urlencode, urlsplit

from . import verify
from ._operations import API_VERSION, Operations

KEYS_PATH = "/.well-known/scrapedeck-keys.json"
VERIFY_PATH = "/api/verify-license"


class ScrapeDeckError(Exception):
    """An error answer: the HTTP status and the API's {message, code, issues?, request_id}."""

    def __init__(self, status: int, body: Mapping[str, Any]) -> None:
        self.status = status
        self.code: Optional[str] = body.get("code")
        self.message: str = str(body.get("message", f"HTTP {status}"))
        self.issues = body.get("issues")
        self.request_id: Optional[str] = body.get("request_id")
        super().__init__(f"{status} {self.code}: {self.message}")


class SignatureError(Exception):
    """An answer that cannot be proven to come from ScrapeDeck unchanged (or a signed error answer)."""

    def __init__(self, result: verify.Verified) -> None:
        self.reason = result.reason
        self.result = result
        super().__init__(f"{result.reason}: {result.message}")


class ScrapeDeck(Operations):
    """A client of one ScrapeDeck server.

    api_key runs scrapers and reads runs; token (from login or register) manages the account: keys, licenses, usage.
    """

    def __init__(
        self,
        base_url: str,
        api_key: Optional[str] = None,
        token: Optional[str] = None,
        timeout: float = 90.0,
        user_agent: str = f"scrapedeck-python/{API_VERSION}",
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.token = token
        self.timeout = timeout
        self.user_agent = user_agent
        self._keys: Optional[Dict[str, Any]] = None
        self._keys_expire = 0.0
        self._keys_fetched = float("-inf")

    # ─── transport ──────────────────────────────────────────────────────────────────────────────────────────

    def _send(
        self, method: str, path: str, body: Optional[Dict[str, Any]] = None, credential: Optional[str] = None
    ) -> Tuple[int, Any, bytes]:
        """(status, headers, raw body) of one request; error statuses are answers too."""
        headers = {"Accept": "application/json", "User-Agent": self.user_agent}
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        if credential:
            headers["Authorization"] = f"Bearer {credential}"
        request = urllib.request.Request(self.base_url + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def _call(
        self,
        method: str,
        path: str,
        *,
        auth: Tuple[str, ...],
        query: Optional[Dict[str, Any]] = None,
        body: Optional[Dict[str, Any]] = None,
    ) -> Any:
        credential = None
        if "apiKey" in auth and self.api_key:
            credential = self.api_key
        elif "bearerToken" in auth and self.token:
            credential = self.token
        elif auth:
            credential = self.api_key or self.token
        params = {name: value for name, value in (query or {}).items() if value is not None}
        if params:
            path = f"{path}?{urlencode(params)}"
        if body is None and method in ("POST", "PATCH", "PUT"):
            body = {}
        status, headers, raw = self._send(method, path, body, credential)
        content_type = (headers.get("Content-Type") or "") if headers is not None else ""
        if status < 400 and raw and not content_type.startswith("application/json"):
            # Bytes, not JSON (a run's screenshot: image/png): returned as they came.
            return raw
        parsed = json.loads(raw.decode("utf-8")) if raw else None
        if status >= 400:
            raise ScrapeDeckError(status, parsed if isinstance(parsed, dict) else {})
        return parsed

    # ─── what ScrapeDeck signs ──────────────────────────────────────────────────────────────────────────────

    def signing_keys(self, refresh: bool = False) -> Dict[str, Any]:
        """The public keys (a JWKS document), kept as long as their Cache-Control allows; `refresh` fetches them again
        (at most once a minute), as after an unknown key id."""
        now = time.monotonic()
        if refresh and now - self._keys_fetched < 60 and self._keys is not None:
            return self._keys
        if refresh or self._keys is None or now >= self._keys_expire:
            status, headers, raw = self._send("GET", KEYS_PATH)
            if status != 200:
                raise ScrapeDeckError(status, json.loads(raw.decode("utf-8")) if raw else {})
            match = re.search(r"max-age=(\d+)", headers.get("Cache-Control", ""))
            self._keys = json.loads(raw.decode("utf-8"))
            self._keys_fetched = now
            self._keys_expire = now + (int(match.group(1)) if match else 0)
        return self._keys  # type: ignore[return-value]

    def _with_keys(self, check: Any) -> verify.Verified:
        result = check(self.signing_keys())
        if result.reason == "unknown_key":
            result = check(self.signing_keys(refresh=True))
        return result

    def check_license(self, license_key: str, nonce: Optional[str] = None) -> Dict[str, Any]:
        """POST /api/verify-license with a fresh nonce, its signed answer proven: the verdict ({valid, code, message,
        content, nonce}, valid or not). Raises SignatureError when the answer cannot be trusted (reason "error_answer"
        for a signed 4xx/5xx, e.g. 429)."""
        nonce = nonce or secrets.token_urlsafe(24)
        status, headers, raw = self._send("POST", VERIFY_PATH, {"license_key": license_key, "nonce": nonce})
        path = urlsplit(self.base_url + VERIFY_PATH).path
        result = self._with_keys(lambda keys: verify.verify_license_answer(status, path, headers, raw, keys, nonce=nonce))
        if not result.ok:
            raise SignatureError(result)
        return result.data["result"]

    def verify_license_file(self, text: str) -> Dict[str, Any]:
        """An offline license file checked with the public keys: its payload ({license, issued_at, expires_at}).
        Raises SignatureError when it cannot be trusted or has expired."""
        result = self._with_keys(lambda keys: verify.verify_license_file(text, keys))
        if not result.ok:
            raise SignatureError(result)
        return result.data["payload"]
