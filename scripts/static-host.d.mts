/** Types of static-host.mjs (the local service imports it). */
export const IMMUTABLE: string;
export const SHORT_LIVED: string;
export const REVALIDATE: string;
export const PLAYER_PAGE_ROUTE: string;
export const PLAYER_PAGE_FILE: string;
export function cacheControlFor(file: string): string;
export function playerPagePolicy(html: string): string;
export function headersFor(file: string, html: string): Record<string, string>;
export function hostFiles(files: string[], html: string): Record<string, string>;
