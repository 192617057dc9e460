/** The whole English table, every section of ./en.ts in one (for tests and tools; a bundle imports the sections it shows). */
import { CHROME_EN, PLAYER_EN, RELATED_EN, SHARE_EN, UI_EN, VIDEO_EN, type Messages } from './en';

export const EN: Messages = { ...UI_EN, ...PLAYER_EN, ...CHROME_EN, ...SHARE_EN, ...RELATED_EN, ...VIDEO_EN };
