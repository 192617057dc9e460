/**
 * TC strings as a real consent platform writes them, encoded by the IAB's own @iabtcf/core over
 * a small vendor list: the service as vendor OUR_VENDOR and an ad vendor as AD_VENDOR. The unit
 * tests hand them to @iabtcf/cmpapi in happy-dom, the browser tests to the same CmpApi in a page.
 */
import { GVL, TCModel, TCString } from '@iabtcf/core';

/** The service's vendor id in these tests (`data-tcf-vendor-id`, `configure({ tcfVendorId })`). */
export const OUR_VENDOR = 755;
/** Another vendor, whose pixel names it in `${GDPR_CONSENT_32}`. */
export const AD_VENDOR = 32;
/** The CMP's id and version, as registered with the IAB (any valid integers). */
export const CMP_ID = 10;
export const CMP_VERSION = 1;

const PURPOSE_COUNT = 11;

/** A global vendor list of the two vendors, each declaring purposes 1 and 7 by consent. */
function vendorList() {
  const purposes = Object.fromEntries(
    Array.from({ length: PURPOSE_COUNT }, (_, i) => [i + 1, { id: i + 1, name: `Purpose ${i + 1}`, description: '', illustrations: [] }]),
  );
  const vendor = (id: number) => ({
    id, name: `Vendor ${id}`, purposes: [1, 7], legIntPurposes: [], flexiblePurposes: [], specialPurposes: [], features: [], specialFeatures: [],
    policyUrl: `https://vendor${id}.example/privacy`, usesCookies: true, cookieMaxAgeSeconds: 86_400, cookieRefresh: false, usesNonCookieAccess: false,
  });
  return new GVL({
    gvlSpecificationVersion: 3, vendorListVersion: 100, tcfPolicyVersion: 5, lastUpdated: '2026-11-01T00:00:00Z',
    purposes, specialPurposes: {}, features: {}, specialFeatures: {}, stacks: {}, dataCategories: {},
    vendors: { [OUR_VENDOR]: vendor(OUR_VENDOR), [AD_VENDOR]: vendor(AD_VENDOR) },
  } as unknown as ConstructorParameters<typeof GVL>[0]);
}

/** The TC string of a reader who consented to `purposes` and `vendors` (none: refused everything). */
export function tcString(purposes: number[], vendors: number[]): string {
  const model = new TCModel(vendorList());
  model.cmpId = CMP_ID;
  model.cmpVersion = CMP_VERSION;
  model.isServiceSpecific = true;
  model.purposeConsents.set(purposes);
  model.vendorConsents.set(vendors);
  return TCString.encode(model);
}

/** The reader's TCF states of the table. */
export const TC = {
  /** Everything granted: purposes 1 and 7, both vendors. */
  granted: () => tcString([1, 7], [OUR_VENDOR, AD_VENDOR]),
  /** Refused everything. */
  refused: () => tcString([], []),
  /** Purposes granted, vendors refused. */
  noVendors: () => tcString([1, 7], []),
  /** Everything but the ad vendor. */
  notAdVendor: () => tcString([1, 7], [OUR_VENDOR]),
};
