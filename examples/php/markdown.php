<?php
// Any page as Markdown: run the Web Page scraper, and ask any run for formats beside its items.
// PHP 8 with the curl extension. Run: SCRAPEDECK_URL=http://localhost:3000 PAGE_URL=https://… php markdown.php
$baseUrl = getenv('SCRAPEDECK_URL') ?: 'http://localhost:3000';
$pageUrl = getenv('PAGE_URL') ?: 'https://news.example.com/2026/11/ai-regulation';
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

// 1. An account and an API key.
$account = call('POST', '/api/auth/register', null, ['email' => $email, 'password' => $password]);
$token = $account['token'];
echo "registered: {$account['user']['email']}\n";
$apiKey = call('POST', '/api/keys', $token, ['description' => 'Example']);
echo 'api key: ' . substr($apiKey['key'], 0, 6) . "…\n";

// 2. The Web Page scraper, found in the catalogue by name: one item, the page's main content as Markdown.
$webPage = null;
foreach (call('GET', '/api/scrapers') as $scraper) {
    if ($scraper['name'] === 'Web Page') {
        $webPage = $scraper;
    }
}
// formats adds outputs beside data, on any scraper; only_main_content (default true) drops navigation and footers.
$run = call('POST', "/api/scrapers/{$webPage['id']}/run", $apiKey['key'], [
    'url' => $pageUrl,
    'formats' => ['links', 'metadata'],
    'only_main_content' => true,
]);
$page = $run['data'][0];
echo "run {$run['id']}: {$run['status']}, " . count($run['data']) . " item(s)\n";
echo "title: {$page['title']}\n";
echo 'markdown: ' . explode("\n", $page['markdown'])[0] . "\n";
echo "words: {$page['word_count']}\n";
echo 'links: ' . count($run['links']) . ", language: {$run['metadata']['language']}\n";
