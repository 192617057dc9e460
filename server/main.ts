/**
 * `npm start` / `npm run serve`: starts the local service from the environment.
 *   PORT (default 8080), HOST (default 127.0.0.1),
 *   API_BASE + API_KEY: proxy `/v1/*` to a real GIPHY-compatible API instead of the catalogue,
 *   through the package's first-party proxy (also at /fp/); MEDIA_HOSTS: its media origins,
 *   comma-separated (default GIPHY's).
 *   PUBLIC_ORIGIN: the origin its pages and links name (default http://127.0.0.1:PORT); set it
 *   when visitors reach the service by another name (HOST=0.0.0.0 on a network, a proxy).
 */
import { startService } from './app';

const DEFAULT_PORT = 8080;

function portFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a number from 0 to 65535, not "${raw}"`);
    process.exit(1);
  }
  return port;
}

const host = process.env.HOST || '127.0.0.1';
const apiBase = process.env.API_BASE || undefined;
if (apiBase && !/^https?:\/\//.test(apiBase)) {
  console.error(`API_BASE must be an http(s) URL, not "${apiBase}"`);
  process.exit(1);
}

const origin = process.env.PUBLIC_ORIGIN || undefined;
if (origin && !/^https?:\/\/[^/]+\/?$/.test(origin)) {
  console.error(`PUBLIC_ORIGIN must be an http(s) origin like https://gifs.example, not "${origin}"`);
  process.exit(1);
}

const mediaHosts = process.env.MEDIA_HOSTS ? process.env.MEDIA_HOSTS.split(',').map((h) => h.trim()).filter(Boolean) : undefined;

startService({ port: portFromEnv(process.env.PORT), host, apiBase, apiKey: process.env.API_KEY || undefined, mediaHosts, origin })
  .then((service) => {
    const shown = service.url.replace(/^http:\/\/[^:]+(?=:)/, `http://${host.includes(':') ? `[${host}]` : host}`);
    console.log(`gif-embed local service: ${shown}/ (examples at /examples/)`);
    if (apiBase) console.log(`API calls under /v1/ are forwarded to ${apiBase}`);
    const stop = () => service.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  })
  .catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(code === 'EADDRINUSE' ? `Port ${process.env.PORT ?? DEFAULT_PORT} is in use: set PORT to another one` : `Could not start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
