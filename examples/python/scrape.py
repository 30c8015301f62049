"""Register, create an API key, run a scraper on a page and read the items it found.

Python 3.8+, standard library only. Run: SCRAPEDECK_URL=http://localhost:3000 PAGE_URL=https://... python3 scrape.py
"""
import json
import os
import time
import urllib.error
import urllib.request

BASE_URL = os.environ.get("SCRAPEDECK_URL", "http://localhost:3000")
PAGE_URL = os.environ.get("PAGE_URL", "https://shop.example.com/products/wireless-headphones")
EMAIL = os.environ.get("SCRAPEDECK_EMAIL", f"example-{int(time.time() * 1000)}@example.com")
PASSWORD = os.environ.get("SCRAPEDECK_PASSWORD", "correct horse battery")
SCRAPER_ID = 1  # E-commerce Product Scraper, on every plan


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
        # Every error is {message, code, request_id}: branch on code, show message.
        problem = json.load(error)
        raise SystemExit(f"{method} {path}: {error.code} {problem['code']}: {problem['message']}")


# 1. An account; the token it returns manages keys (valid 24 hours).
account = call("POST", "/api/auth/register", body={"email": EMAIL, "password": PASSWORD})
token = account["token"]
print(f"registered: {account['user']['email']}")

# 2. An API key: shown in full only in this answer.
api_key = call("POST", "/api/keys", token=token, body={"description": "Example"})
print(f"api key: {api_key['key'][:6]}…")

# 3. A run: the API key authenticates it. "render": "auto" renders the page in a browser only if it needs one.
run = call("POST", f"/api/scrapers/{SCRAPER_ID}/run", token=api_key["key"], body={"url": PAGE_URL, "render": "auto"})
print(f"run {run['id']}: {run['status']}, {len(run['data'])} item(s), rendered: {str(run['rendered']).lower()}")
for item in run["data"]:
    print(f"item: {item['title']}")

# 4. The run again later, from the history (items are kept for a while).
saved = call("GET", f"/api/runs/{run['id']}", token=token)
print(f"saved run {saved['id']}: {saved['item_count']} item(s)")
