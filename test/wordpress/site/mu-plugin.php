<?php
/**
 * The suite's must-use plugin: WordPress fetches discovery and oEmbed addresses only on ports 80,
 * 443, 8080 and its own (wp_http_validate_url); the local GIF service listens on the port the
 * suite gives it, which is allowed here as a site would allow its provider's.
 */
add_filter('http_allowed_safe_ports', function ($ports) {
  $ports[] = (int) getenv('GIF_EMBED_WP_SERVICE_PORT');
  return $ports;
});
