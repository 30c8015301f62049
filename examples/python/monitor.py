"""Watch a page: create a monitor, check it now, read its checks (each compared with the one before), pause it.

Python 3.8+, standard library only. Run: SCRAPEDECK_URL=http://localhost:3000 PAGE_URL=https://... python3 monitor.py
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


def check_now(token, monitor_id, previous_check_id):
    """Checks the monitor now and waits for that check to end (its runs count against the monthly quota)."""
    call("POST", f"/api/monitors/{monitor_id}/run", token=token)
    while True:
        # Checks are listed newest first; ids only grow, so a newer id is this check.
        page = call("GET", f"/api/monitors/{monitor_id}/checks?per_page=1", token=token)
        latest = page["data"][0] if page["data"] else None
        if latest and latest["id"] > previous_check_id and latest["status"] != "running":
            return latest
        time.sleep(1)


# 1. An account; its token manages monitors (an API key works too).
token = call("POST", "/api/auth/register", body={"email": EMAIL, "password": PASSWORD})["token"]

# 2. A monitor: every day at 09:00 Berlin time, price and availability are what count as a change.
monitor = call(
    "POST",
    "/api/monitors",
    token=token,
    body={
        "name": "Headphones",
        "scraper_id": SCRAPER_ID,
        "url": PAGE_URL,
        "schedule": {"cron": "0 9 * * *", "timezone": "Europe/Berlin"},
        "fields": ["price", "availability"],
    },
)
print(f"monitor {monitor['id']}: {monitor['schedule']['cron']} ({monitor['schedule']['timezone']})")

# 3. Checked now rather than at 09:00: the first check has nothing to compare with, the second compares.
previous_check_id = 0
for n in range(2):
    check = check_now(token, monitor["id"], previous_check_id)
    previous_check_id = check["id"]
    changes = [change for url in check["results"] for change in ((url["items"] or {}).get("changes") or [])]
    print(f"check {check['id']}: {check['status']}, {len(changes)} change(s)")

# 4. Paused: no more checks (and no more runs) until enabled again.
paused = call("PATCH", f"/api/monitors/{monitor['id']}", token=token, body={"enabled": False})
print(f"paused: enabled={str(paused['enabled']).lower()}, next check {paused['next_check_at'] or 'none'}")
