<?php
// Create a license and verify its key, as your customer's software would.
// PHP 8 with the curl extension. Run: SCRAPEDECK_URL=http://localhost:3000 php license.php
$baseUrl = getenv('SCRAPEDECK_URL') ?: 'http://localhost:3000';
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
    if ($status >= 400) {
        fwrite(STDERR, "$method $path: $status {$data['code']}: {$data['message']}\n");
        exit(1);
    }
    return $data;
}

$token = call('POST', '/api/auth/register', null, ['email' => $email, 'password' => $password])['token'];

// 1. A license for 100 verifications; the server generates the key.
$license = call('POST', '/api/licenses', $token, ['name' => 'Example course', 'max_usage' => 100]);
echo "license {$license['id']}: {$license['license_key']}\n";

// 2. Something it unlocks: a valid verification returns its URLs.
call('POST', "/api/licenses/{$license['id']}/content", $token, [
    'content_type' => 'ebook',
    'content_id' => 'ebook-1',
    'download_url' => 'https://cdn.example.com/ebook-1.pdf',
]);

// 3. Verify the key: public, no credentials. Invalid keys answer 200 too, with valid: false and a code.
$verdict = call('POST', '/api/verify-license', null, ['license_key' => $license['license_key']]);
echo 'verify: valid=' . ($verdict['valid'] ? 'true' : 'false') . " code={$verdict['code']}\n";
foreach ($verdict['content'] as $url) {
    echo "content: $url\n";
}
