"""The Python verifiers on the shared test vectors (sdk/test-vectors.json): the cases the service's own verifiers
and the TypeScript SDK's reach too."""

import json
import unittest
from datetime import datetime
from pathlib import Path

from scrapedeck import ed25519_backend, verify_license_answer, verify_license_file, verify_webhook

VECTORS = json.loads((Path(__file__).resolve().parents[2] / "test-vectors.json").read_text("utf-8"))


def at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def verdict(result) -> str:
    return "ok" if result.ok else result.reason


@unittest.skipIf(ed25519_backend() is None, "neither cryptography nor PyNaCl is installed")
class SignedAnswers(unittest.TestCase):
    def test_every_case(self) -> None:
        for case in VECTORS["signed_answers"]:
            with self.subTest(case["name"]):
                response = case["response"]
                result = verify_license_answer(
                    response["status"],
                    response["path"],
                    response["headers"],
                    response["body"].encode("utf-8"),
                    case["keys"],
                    nonce=case.get("nonce"),
                    now=at(case["now"]),
                )
                self.assertEqual(verdict(result), case["expect"], result.message)


@unittest.skipIf(ed25519_backend() is None, "neither cryptography nor PyNaCl is installed")
class LicenseFiles(unittest.TestCase):
    def test_every_case(self) -> None:
        for case in VECTORS["license_files"]:
            with self.subTest(case["name"]):
                result = verify_license_file(case["file"], case["keys"], now=at(case["now"]))
                self.assertEqual(verdict(result), case["expect"], result.message)


class Webhooks(unittest.TestCase):
    def test_every_case(self) -> None:
        for case in VECTORS["webhooks"]:
            with self.subTest(case["name"]):
                result = verify_webhook(case["body"].encode("utf-8"), case["headers"], case["secret"], now=at(case["now"]))
                self.assertEqual(verdict(result), case["expect"], result.message)


if __name__ == "__main__":
    unittest.main()
