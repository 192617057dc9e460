<?php
/**
 * The suite's site from the command line, through WordPress's own code:
 *   php setup.php install               installs the site (wp_install), an Author without
 *                                       unfiltered_html, and the theme
 *   php setup.php post TITLE CONTENT    publishes a post as that Author through the REST API
 *                                       (rest_do_request: the same controller, capability checks
 *                                       and content filters as an editor's request); prints
 *                                       {"id", "link"}
 *   php setup.php stored ID             prints the oEmbed HTML WordPress cached for post ID
 */
$_SERVER['HTTP_HOST'] = parse_url(getenv('GIF_EMBED_WP_URL'), PHP_URL_HOST) . ':' . parse_url(getenv('GIF_EMBED_WP_URL'), PHP_URL_PORT);
$_SERVER['REQUEST_URI'] = '/';
$command = $argv[1] ?? '';
if ($command === 'install') define('WP_INSTALLING', true);
require __DIR__ . '/config.php';

const AUTHOR = 'gif-author';

if ($command === 'install') {
  require_once ABSPATH . 'wp-admin/includes/upgrade.php';
  wp_install('GIF Embed suite', 'admin', 'admin@example.com', false, '', 'admin-password');
  update_option('permalink_structure', '/%postname%/');
  switch_theme('twentytwentythree');
  wp_insert_user(['user_login' => AUTHOR, 'user_pass' => 'author-password', 'user_email' => 'author@example.com', 'role' => 'author']);
  echo json_encode(['author_unfiltered_html' => user_can(get_user_by('login', AUTHOR), 'unfiltered_html')]), "\n";
} elseif ($command === 'post') {
  wp_set_current_user(get_user_by('login', AUTHOR)->ID);
  $request = new WP_REST_Request('POST', '/wp/v2/posts');
  $request->set_body_params(['title' => $argv[2], 'content' => $argv[3], 'status' => 'publish']);
  $response = rest_do_request($request);
  if ($response->is_error()) {
    fwrite(STDERR, json_encode($response->get_data()) . "\n");
    exit(1);
  }
  $data = $response->get_data();
  echo json_encode(['id' => $data['id'], 'link' => $data['link']]), "\n";
} elseif ($command === 'stored') {
  $cached = [];
  foreach (get_post_meta((int) $argv[2]) as $key => $values) if (str_starts_with($key, '_oembed_') && !str_starts_with($key, '_oembed_time_')) $cached[] = $values[0];
  echo json_encode($cached), "\n";
} else {
  fwrite(STDERR, "usage: php setup.php install | post TITLE CONTENT | stored ID\n");
  exit(2);
}
