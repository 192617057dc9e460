<?php
/**
 * The WordPress suite's site (test/wordpress): Debian's WordPress in /usr/share/wordpress with a
 * configuration of its own instead of Debian's /etc/wordpress (no file outside the suite's
 * folders is written). The suite passes where everything is in its environment: the MariaDB
 * socket it started, the content folder it made (themes, the must-use plugin), the site's address.
 */
define('ABSPATH', '/usr/share/wordpress/');
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', 'localhost:' . getenv('GIF_EMBED_WP_SOCKET'));
define('DB_CHARSET', 'utf8mb4');
define('WP_CONTENT_DIR', getenv('GIF_EMBED_WP_CONTENT'));
define('WP_CONTENT_URL', getenv('GIF_EMBED_WP_URL') . '/wp-content');
define('WP_HOME', getenv('GIF_EMBED_WP_URL'));
define('WP_SITEURL', getenv('GIF_EMBED_WP_URL'));
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', false);
define('DISABLE_WP_CRON', true);
foreach (['AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE'] as $name) {
  define("{$name}_KEY", "gif-embed-suite-$name-key");
  define("{$name}_SALT", "gif-embed-suite-$name-salt");
}
$table_prefix = 'wp_';
require_once ABSPATH . 'wp-settings.php';
