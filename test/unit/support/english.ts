/**
 * The whole English table for tests that render the player's and the plugins' components
 * directly: in a page each section joins the table as its file runs (src/i18n/en.ts).
 */
import { addEnglish } from '../../../src/i18n';
import { EN } from '../../support/english';

addEnglish(EN);
