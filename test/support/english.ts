/** The whole English table, every section of src/i18n/en.ts in one (a bundle imports the sections it shows; the tests know them all). */
import { CHROME_EN, PLAYER_EN, RELATED_EN, SDK_EN, SHARE_EN, UI_EN, VIDEO_EN, type Messages } from '../../src/i18n/en';

export const EN: Messages = { ...UI_EN, ...PLAYER_EN, ...CHROME_EN, ...SHARE_EN, ...RELATED_EN, ...VIDEO_EN, ...SDK_EN };
