/**
 * A page's consent platform, made of the IAB's own code (bundled for the page by ./cmp.ts): the
 * TCF stub (@iabtcf/stub, with its `__tcfapiLocator` frame and postMessage handler) and
 * @iabtcf/cmpapi, and @iabgpp/cmpapi. `window.__cmpSetup` says which to stand up and what the
 * reader chose (a platform that remembers the reader's choice answers at once, as it would on a
 * later page view); `window.__tcf` and `window.__gppApi` let a test change it afterwards.
 */
import installTcfStub from '@iabtcf/stub';
import { CmpApi } from '@iabtcf/cmpapi';
import { CmpApi as GppApi } from '@iabgpp/cmpapi';

interface Setup {
  /** The TC string the reader's choice is (null: GDPR does not apply; 'asking': the banner is up). */
  tcf?: string | null;
  /** GPP sections' fields (`{ usnat: { SaleOptOut: 1 } }`) and applicable section ids. */
  gpp?: { fields: Record<string, Record<string, unknown>>; sections: number[] };
}

const CMP_ID = 10;
const CMP_VERSION = 1;
const w = window as unknown as { __cmpSetup?: Setup; __tcf?: CmpApi; __gppApi?: GppApi; __gpp?: unknown };
const setup = w.__cmpSetup ?? {};

if (setup.tcf !== undefined) {
  installTcfStub();
  w.__tcf = new CmpApi(CMP_ID, CMP_VERSION, true);
  if (setup.tcf === 'asking') w.__tcf.update('', true);
  else w.__tcf.update(setup.tcf, false);
}

if (setup.gpp) {
  // The IAB's GPP stub is not on npm: the queue a stub leaves, at its smallest (nothing queued).
  w.__gpp = () => [];
  const gpp = (w.__gppApi = new GppApi(CMP_ID, CMP_VERSION));
  for (const [section, fields] of Object.entries(setup.gpp.fields)) {
    for (const [field, value] of Object.entries(fields)) gpp.setFieldValue(section, field, value);
  }
  gpp.setApplicableSections(setup.gpp.sections);
  gpp.setSignalStatus('ready' as never);
  gpp.fireSectionChange(Object.keys(setup.gpp.fields)[0]);
}
