/**
 * axe-core in a page: the rules the browser suite holds every page and state to.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0 to 2.2 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe's violations on `page` now, one line each: rule, element, summary. */
export async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe;
    const { violations: found } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return found.flatMap((v) => v.nodes.map((n) => `${v.id} ${JSON.stringify(n.target)} ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 180)}`));
  }, AXE_TAGS);
}
