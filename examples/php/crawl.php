<?php
// Crawl a site: map its URLs, crawl it (each page one run of the Web Page scraper), read its pages.
// PHP 8 with the curl extension. Run: SCRAPEDECK_URL=http://localhost:3000 SITE_URL=https://… php crawl.php
$baseUrl = getenv('SCRAPEDECK_URL') ?: 'http://localhost:3000';
$siteUrl = getenv('SITE_URL') ?: 'https://blog.example.com/';
$email = getenv('SCRAPEDECK_EMAIL') ?: 'example-' . round(microtime(true) * 1000) . '@example.com';
$password = getenv('SCRAPEDECK_PASSWORD') ?: 'correct horse battery';

function call(string $method, string $path, ?string $token = null, ?array $body = null): array
{
    global $baseUrl;
    $headers = [];
    $curl = curl_init($baseUrl . $path);
    curl_setopt($curl, CURLOPT_CUSTOMREQUEST, $method);
    curl_setopt($curl, CURLOPT_RETURNTRANSFER, true);
    if ($token !== null) {
        $headers[] = "Authorization: Bearer $token";
    }
    if ($body !== null) {
        $headers[] = 'Content-Type: application/json';
        curl_setopt($curl, CURLOPT_POSTFIELDS, json_encode($body));
    }
    curl_setopt($curl, CURLOPT_HTTPHEADER, $headers);
    $answer = curl_exec($curl);
    if ($answer === false) {
        fwrite(STDERR, "$method $path: " . curl_error($curl) . "\n");
        exit(1);
    }
    $status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
    $data = json_decode($answer, true);
    // Every error is {message, code, request_id}: branch on code, show message.
    if ($status >= 400) {
        fwrite(STDERR, "$method $path: $status {$data['code']}: {$data['message']}\n");
        exit(1);
    }
    return $data;
}

// Reads the crawl every second until it ends (an answer holds 100 of its pages: pass next as ?cursor= for more).
function finished(string $apiKey, int $crawlId): array
{
    while (true) {
        $crawl = call('GET', "/api/crawls/$crawlId", $apiKey);
        if ($crawl['status'] !== 'queued' && $crawl['status'] !== 'running') {
            return $crawl;
        }
        sleep(1);
    }
}

// 1. An account and an API key: crawls and maps take the API key.
$token = call('POST', '/api/auth/register', null, ['email' => $email, 'password' => $password])['token'];
$apiKey = call('POST', '/api/keys', $token, ['description' => 'Example'])['key'];

// 2. The site's URLs first, from its sitemaps and the links of its first pages: quick, and it runs nothing.
$map = call('POST', '/api/map', $apiKey, ['url' => $siteUrl]);
echo "map: {$map['count']} url(s)\n";

// 3. A crawl: at most 10 pages (each a run against the monthly quota), 2 link hops deep, not the calendar.
// It answers at once (202); robots.txt is honoured and each page is fetched once.
$crawl = call('POST', '/api/crawls', $apiKey, [
    'url' => $siteUrl,
    'limit' => 10,
    'max_depth' => 2,
    'exclude_paths' => ['/calendar'],
]);
echo "crawl {$crawl['id']}: {$crawl['status']}\n";

// 4. Read every second until it ends. Each page names its run (its items at GET /api/runs/{run_id}).
$done = finished($apiKey, $crawl['id']);
echo "crawl {$done['id']}: {$done['status']}, {$done['succeeded']} page(s) succeeded, {$done['failed']} failed\n";
$paths = [];
foreach ($done['pages'] as $page) {
    $query = parse_url($page['url'], PHP_URL_QUERY);
    $paths[] = (parse_url($page['url'], PHP_URL_PATH) ?? '/') . ($query !== null ? "?$query" : '');
}
sort($paths, SORT_STRING);
echo 'pages: ' . implode(', ', $paths) . "\n";
echo "skipped by robots.txt: {$done['skipped']['robots']}\n";
