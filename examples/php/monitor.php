<?php
// Watch a page: create a monitor, check it now, read its checks (each compared with the one before), pause it.
// PHP 8 with the curl extension. Run: SCRAPEDECK_URL=http://localhost:3000 PAGE_URL=https://… php monitor.php
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

// Checks the monitor now and waits for that check to end (its runs count against the monthly quota).
function checkNow(string $token, int $monitorId, int $previousCheckId): array
{
    call('POST', "/api/monitors/$monitorId/run", $token);
    while (true) {
        // Checks are listed newest first; ids only grow, so a newer id is this check.
        $page = call('GET', "/api/monitors/$monitorId/checks?per_page=1", $token);
        $latest = $page['data'][0] ?? null;
        if ($latest !== null && $latest['id'] > $previousCheckId && $latest['status'] !== 'running') {
            return $latest;
        }
        sleep(1);
    }
}

// 1. An account; its token manages monitors (an API key works too).
$token = call('POST', '/api/auth/register', null, ['email' => $email, 'password' => $password])['token'];

// 2. A monitor: every day at 09:00 Berlin time, price and availability are what count as a change.
$monitor = call('POST', '/api/monitors', $token, [
    'name' => 'Headphones',
    'scraper_id' => $scraperId,
    'url' => $pageUrl,
    'schedule' => ['cron' => '0 9 * * *', 'timezone' => 'Europe/Berlin'],
    'fields' => ['price', 'availability'],
]);
echo "monitor {$monitor['id']}: {$monitor['schedule']['cron']} ({$monitor['schedule']['timezone']})\n";

// 3. Checked now rather than at 09:00: the first check has nothing to compare with, the second compares.
$previousCheckId = 0;
for ($n = 0; $n < 2; $n++) {
    $check = checkNow($token, $monitor['id'], $previousCheckId);
    $previousCheckId = $check['id'];
    $changes = 0;
    foreach ($check['results'] as $url) {
        $changes += count($url['items']['changes'] ?? []);
    }
    echo "check {$check['id']}: {$check['status']}, $changes change(s)\n";
}

// 4. Paused: no more checks (and no more runs) until enabled again.
$paused = call('PATCH', "/api/monitors/{$monitor['id']}", $token, ['enabled' => false]);
echo 'paused: enabled=' . ($paused['enabled'] ? 'true' : 'false') . ', next check ' . ($paused['next_check_at'] ?? 'none') . "\n";
