"""Create a license and verify its key, as your customer's software would.

Python 3.8+, standard library only. Run: SCRAPEDECK_URL=http://localhost:3000 python3 license.py
"""
import json
import os
import time
import urllib.error
import urllib.request

BASE_URL = os.environ.get("SCRAPEDECK_URL", "http://localhost:3000")
EMAIL = os.environ.get("SCRAPEDECK_EMAIL", f"example-{int(time.time() * 1000)}@example.com")
PASSWORD = os.environ.get("SCRAPEDECK_PASSWORD", "correct horse battery")


def call(method, path, token=None, body=None):
    headers = {}
    data = None
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if body is not None:
        headers["Content-Type"] = "application/json"
        data = json.dumps(body).encode()
    request = urllib.request.Request(BASE_URL + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        problem = json.load(error)
        raise SystemExit(f"{method} {path}: {error.code} {problem['code']}: {problem['message']}")


token = call("POST", "/api/auth/register", body={"email": EMAIL, "password": PASSWORD})["token"]

# 1. A license for 100 verifications; the server generates the key.
license = call("POST", "/api/licenses", token=token, body={"name": "Example course", "max_usage": 100})
print(f"license {license['id']}: {license['license_key']}")

# 2. Something it unlocks: a valid verification returns its URLs.
call(
    "POST",
    f"/api/licenses/{license['id']}/content",
    token=token,
    body={"content_type": "ebook", "content_id": "ebook-1", "download_url": "https://cdn.example.com/ebook-1.pdf"},
)

# 3. Verify the key: public, no credentials. Invalid keys answer 200 too, with valid: false and a code.
verdict = call("POST", "/api/verify-license", body={"license_key": license["license_key"]})
print(f"verify: valid={'true' if verdict['valid'] else 'false'} code={verdict['code']}")
for url in verdict["content"]:
    print(f"content: {url}")
