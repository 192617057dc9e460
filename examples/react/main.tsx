/**
 * The React example in the browser: hydrates the HTML the local service rendered with the first
 * pages (its JSON block holds them), or renders afresh where the page came without them.
 * Built by build.mjs into /react-example.js.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { configure } from 'gif-embed/api';
import { App, EXAMPLE_DATA_ID, LOCAL_API_KEY, type ExampleData } from './app';

configure({ apiBase: location.origin, pingbackBase: location.origin, siteBase: location.origin, apiKey: LOCAL_API_KEY });

/** The server's first pages, or undefined when the page has none (or they do not parse). */
function serverData(): ExampleData | undefined {
  try {
    return JSON.parse(document.getElementById(EXAMPLE_DATA_ID)?.textContent || 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

const container = document.getElementById('root');
if (container) {
  const data = serverData();
  const app = (
    <StrictMode>
      <App data={data} />
    </StrictMode>
  );
  if (data && container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
