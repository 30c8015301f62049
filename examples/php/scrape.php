<?php
// Register, create an API key, run a scraper on a page and read the items it found.
// PHP 8 with the curl extension. Run: SCRAPEDECK_URL=http://localhost:3000 PAGE_URL=https://… php scrape.php
$baseUrl = getenv('SCRAPEDECK_URL') ?: 'http://localhost:3000';
$pageUrl = getenv('PAGE_URL') ?: 'https://shop.example.com/products/wireless-headphones';
$email = getenv('SCRAPEDECK_EMAIL') ?: 'example-' . round(microtime(true) * 1000) . '@example.com';
$password = getenv('SCRAPEDECK_PASSWORD') ?: 'correct horse battery';
$scraperId = 1; // E-commerce Product Scraper, on every plan

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

// 1. An account; the token it returns manages keys (valid 24 hours).
$account = call('POST', '/api/auth/register', null, ['email' => $email, 'password' => $password]);
$token = $account['token'];
echo "registered: {$account['user']['email']}\n";

// 2. An API key: shown in full only in this answer.
$apiKey = call('POST', '/api/keys', $token, ['description' => 'Example']);
echo 'api key: ' . substr($apiKey['key'], 0, 6) . "…\n";

// 3. A run: the API key authenticates it. "render": "auto" renders the page in a browser only if it needs one.
$run = call('POST', "/api/scrapers/$scraperId/run", $apiKey['key'], ['url' => $pageUrl, 'render' => 'auto']);
echo "run {$run['id']}: {$run['status']}, " . count($run['data']) . " item(s), rendered: " . ($run['rendered'] ? 'true' : 'false') . "\n";
foreach ($run['data'] as $item) {
    echo "item: {$item['title']}\n";
}

// 4. The run again later, from the history (items are kept for a while).
$saved = call('GET', "/api/runs/{$run['id']}", $token);
echo "saved run {$saved['id']}: {$saved['item_count']} item(s)\n";
