<?php
/**
 * `php -S` router of the suite's site: WordPress's files as they are (scripts, styles, the theme's
 * files), every other address through WordPress's front controller with the suite's configuration
 * (what /usr/share/wordpress/index.php does, without Debian's configuration lookup).
 */
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$file = realpath('/usr/share/wordpress' . $path);
if ($file && is_file($file) && !str_ends_with($file, '.php')) return false;
define('WP_USE_THEMES', true);
require __DIR__ . '/config.php';
wp();
require ABSPATH . WPINC . '/template-loader.php';
