"""The Python SDK against a running ScrapeDeck (SCRAPEDECK_URL; npm run test:examples starts one on a fresh
database, with PAGE_URL a page of its local fixture site): the generated operations, and every verifier on real
answers, license files and webhook deliveries."""

import http.server
import json
import os
import threading
import time
import unittest
import uuid
from datetime import datetime, timedelta, timezone

from scrapedeck import (
    ScrapeDeck,
    ScrapeDeckError,
    SignatureError,
    ed25519_backend,
    verify_license_answer,
    verify_webhook,
)
from scrapedeck.client import VERIFY_PATH

BASE_URL = os.environ.get("SCRAPEDECK_URL")
PAGE_URL = os.environ.get("PAGE_URL")


def account() -> ScrapeDeck:
    anonymous = ScrapeDeck(BASE_URL)
    registered = anonymous.register({"email": f"sdk-py-{uuid.uuid4()}@example.com", "password": "correct horse battery"})
    return ScrapeDeck(BASE_URL, token=registered["token"])


@unittest.skipUnless(BASE_URL, "SCRAPEDECK_URL is not set")
class Operations(unittest.TestCase):
    def test_generated_operations_and_errors(self) -> None:
        owner = account()
        license = owner.create_license({"name": "Python license", "max_usage": 3})
        self.assertEqual(owner.get_license(license["id"])["name"], "Python license")
        self.assertEqual([item["id"] for item in owner.list_licenses()], [license["id"]])
        with self.assertRaises(ScrapeDeckError) as refused:
            owner.create_license({"name": ""})
        self.assertEqual((refused.exception.status, refused.exception.code), (400, "validation_error"))
        self.assertTrue(refused.exception.request_id)
        with self.assertRaises(ScrapeDeckError) as missing:
            owner.get_license(999999999)
        self.assertEqual(missing.exception.status, 404)


@unittest.skipUnless(BASE_URL, "SCRAPEDECK_URL is not set")
@unittest.skipIf(ed25519_backend() is None, "neither cryptography nor PyNaCl is installed")
class SignedAnswers(unittest.TestCase):
    def test_check_license_proves_the_verdict(self) -> None:
        owner = account()
        license = owner.create_license({"name": "Checked"})
        anonymous = ScrapeDeck(BASE_URL)
        verdict = anonymous.check_license(license["license_key"])
        self.assertEqual((verdict["valid"], verdict["code"]), (True, "valid"))
        self.assertEqual(anonymous.check_license("SDECK-0000")["code"], "not_found")

    def test_replayed_or_changed_answers_are_refused(self) -> None:
        client = ScrapeDeck(BASE_URL)
        status, headers, raw = client._send("POST", VERIFY_PATH, {"license_key": "SDECK-0000", "nonce": "first-check"})
        keys = client.signing_keys()
        self.assertTrue(verify_license_answer(status, VERIFY_PATH, headers, raw, keys, nonce="first-check").ok)
        replayed = verify_license_answer(status, VERIFY_PATH, headers, raw, keys, nonce="second-check")
        self.assertEqual(replayed.reason, "nonce_mismatch")
        forged = raw.replace(b'"valid":false', b'"valid":true ')
        self.assertEqual(verify_license_answer(status, VERIFY_PATH, headers, forged, keys, nonce="first-check").reason, "digest_mismatch")
        late = datetime.now(timezone.utc) + timedelta(seconds=301)
        self.assertEqual(verify_license_answer(status, VERIFY_PATH, headers, raw, keys, now=late).reason, "stale")

    def test_license_file_verifies_offline(self) -> None:
        owner = account()
        license = owner.create_license({"name": "Offline"})
        issued = owner.issue_license_file(license["id"], body={"ttl": 3600})
        payload = owner.verify_license_file(issued["license_file"])
        self.assertEqual((payload["license"]["key"], payload["license"]["status"]), (license["license_key"], "active"))
        owner.deactivate_license(license["id"])
        with self.assertRaises(ScrapeDeckError) as refused:
            owner.issue_license_file(license["id"])
        self.assertEqual((refused.exception.status, refused.exception.code), (409, "license_inactive"))
        # Issued before the deactivation: valid until its own expiry.
        self.assertEqual(owner.verify_license_file(issued["license_file"])["license"]["key"], license["license_key"])
        changed = issued["license_file"].replace(issued["license_file"].splitlines()[1][:8], "AAAAAAAA", 1)
        with self.assertRaises(SignatureError):
            owner.verify_license_file(changed)


class _Receiver(http.server.BaseHTTPRequestHandler):
    deliveries: list = []

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        _Receiver.deliveries.append((dict(self.headers), body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args) -> None:
        pass


@unittest.skipUnless(BASE_URL and PAGE_URL, "SCRAPEDECK_URL and PAGE_URL are not set")
class Webhooks(unittest.TestCase):
    def test_a_real_delivery_verifies_with_the_secret(self) -> None:
        server = http.server.HTTPServer(("127.0.0.1", 0), _Receiver)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            owner = account()
            key = owner.create_api_key(body={"description": "Python webhook"})
            runner = ScrapeDeck(BASE_URL, api_key=key["key"])
            secret = runner.get_webhook_secret()["secret"]
            hook = f"http://127.0.0.1:{server.server_address[1]}/hooks"
            accepted = runner.run_scraper(1, {"url": PAGE_URL, "async": True, "webhook_url": hook})
            self.assertEqual(accepted["status"], "queued")
            deadline = time.monotonic() + 45
            while not _Receiver.deliveries and time.monotonic() < deadline:
                time.sleep(0.25)
            self.assertTrue(_Receiver.deliveries, "no webhook arrived")
            headers, body = _Receiver.deliveries[0]
            result = verify_webhook(body, headers, secret)
            self.assertTrue(result.ok, result.message)
            self.assertEqual(result.data["event"]["type"], "run.succeeded")
            self.assertEqual(json.loads(body)["data"]["id"], accepted["id"])
            self.assertEqual(verify_webhook(body + b" ", headers, secret).reason, "bad_signature")
        finally:
            server.shutdown()


if __name__ == "__main__":
    unittest.main()
