"""Any page as Markdown: run the Web Page scraper, and ask any run for formats beside its items.

Python 3.8+, standard library only. Run: SCRAPEDECK_URL=http://localhost:3000 PAGE_URL=https://... python3 markdown.py
"""
import json
import os
import time
import urllib.error
import urllib.request

BASE_URL = os.environ.get("SCRAPEDECK_URL", "http://localhost:3000")
PAGE_URL = os.environ.get("PAGE_URL", "https://news.example.com/2026/11/ai-regulation")
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
        # Every error is {message, code, request_id}: branch on code, show message.
        problem = json.load(error)
        raise SystemExit(f"{method} {path}: {error.code} {problem['code']}: {problem['message']}")


# 1. An account and an API key.
account = call("POST", "/api/auth/register", body={"email": EMAIL, "password": PASSWORD})
token = account["token"]
print(f"registered: {account['user']['email']}")
api_key = call("POST", "/api/keys", token=token, body={"description": "Example"})
print(f"api key: {api_key['key'][:6]}…")

# 2. The Web Page scraper, found in the catalogue by name: one item, the page's main content as Markdown.
web_page = next(scraper for scraper in call("GET", "/api/scrapers") if scraper["name"] == "Web Page")
# formats adds outputs beside data, on any scraper; only_main_content (default true) drops navigation and footers.
run = call(
    "POST",
    f"/api/scrapers/{web_page['id']}/run",
    token=api_key["key"],
    body={"url": PAGE_URL, "formats": ["links", "metadata"], "only_main_content": True},
)
page = run["data"][0]
print(f"run {run['id']}: {run['status']}, {len(run['data'])} item(s)")
print(f"title: {page['title']}")
print(f"markdown: {page['markdown'].splitlines()[0]}")
print(f"words: {page['word_count']}")
print(f"links: {len(run['links'])}, language: {run['metadata']['language']}")
