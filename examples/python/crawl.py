"""Crawl a site: map its URLs, crawl it (each page one run of the Web Page scraper), read its pages.

Python 3.8+, standard library only. Run: SCRAPEDECK_URL=http://localhost:3000 SITE_URL=https://... python3 crawl.py
"""
import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request

BASE_URL = os.environ.get("SCRAPEDECK_URL", "http://localhost:3000")
SITE_URL = os.environ.get("SITE_URL", "https://blog.example.com/")
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


def finished(api_key, crawl_id):
    """Reads the crawl every second until it ends (an answer holds 100 of its pages: pass next as ?cursor= for more)."""
    while True:
        crawl = call("GET", f"/api/crawls/{crawl_id}", token=api_key)
        if crawl["status"] not in ("queued", "running"):
            return crawl
        time.sleep(1)


# 1. An account and an API key: crawls and maps take the API key.
token = call("POST", "/api/auth/register", body={"email": EMAIL, "password": PASSWORD})["token"]
api_key = call("POST", "/api/keys", token=token, body={"description": "Example"})["key"]

# 2. The site's URLs first, from its sitemaps and the links of its first pages: quick, and it runs nothing.
site_map = call("POST", "/api/map", token=api_key, body={"url": SITE_URL})
print(f"map: {site_map['count']} url(s)")

# 3. A crawl: at most 10 pages (each a run against the monthly quota), 2 link hops deep, not the calendar.
# It answers at once (202); robots.txt is honoured and each page is fetched once.
crawl = call(
    "POST",
    "/api/crawls",
    token=api_key,
    body={"url": SITE_URL, "limit": 10, "max_depth": 2, "exclude_paths": ["/calendar"]},
)
print(f"crawl {crawl['id']}: {crawl['status']}")

# 4. Read every second until it ends. Each page names its run (its items at GET /api/runs/{run_id}).
done = finished(api_key, crawl["id"])
print(f"crawl {done['id']}: {done['status']}, {done['succeeded']} page(s) succeeded, {done['failed']} failed")
paths = []
for page in done["pages"]:
    parts = urllib.parse.urlsplit(page["url"])
    paths.append(parts.path + (f"?{parts.query}" if parts.query else ""))
print(f"pages: {', '.join(sorted(paths))}")
print(f"skipped by robots.txt: {done['skipped']['robots']}")
