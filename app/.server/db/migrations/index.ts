import type { Migration } from "kysely";
import * as catalog from "./001-catalog";
import * as orders from "./002-orders";
import * as accounts from "./003-accounts";
import * as outboxParams from "./004-outbox-params";
import * as paymentRefIndex from "./005-payment-ref-index";
import * as catalogVersion from "./006-catalog-version";
import * as stockAdjustments from "./007-stock-adjustments";
import * as outboxReplyTo from "./008-outbox-reply-to";
import * as orderHoldsAndClaims from "./009-order-holds-and-claims";
import * as refunds from "./010-refunds";
import * as ownerRole from "./011-owner-role";
import * as orderFulfilment from "./012-order-fulfilment";
import * as activity from "./013-activity";
import * as twoFactor from "./014-two-factor";
import * as catalogBackOffice from "./015-catalog-back-office";
import * as lowStockDigest from "./016-low-stock-digest";
import * as holdsIndex from "./017-holds-index";
import * as activityAppendOnly from "./018-activity-append-only";
import * as sessionTwoFactor from "./019-session-two-factor";
import * as backOfficeIndexes from "./020-back-office-indexes";
import * as outboxPruned from "./021-outbox-pruned";
import * as lighterOrderInserts from "./022-lighter-order-inserts";
import * as shippingAndTax from "./023-shipping-and-tax";
import * as demoProducts from "./024-demo-products";
import * as discountCodes from "./025-discount-codes";
import * as ordersById from "./026-orders-by-id";
import * as oneSearchIndex from "./027-one-search-index";
import * as redemptionsUnlockedCode from "./028-redemptions-unlocked-code";
import * as redemptionsOnceIndex from "./029-redemptions-once-index";
import * as shippingStateCodes from "./030-shipping-state-codes";
import * as photoAltTexts from "./031-photo-alt-texts";
import * as shopSettings from "./032-shop-settings";
import * as variants from "./033-variants";

/** Every migration, in order. Names are stored in the database: never rename one. */
export const migrations: Record<string, Migration> = {
  "001-catalog": catalog,
  "002-orders": orders,
  "003-accounts": accounts,
  "004-outbox-params": outboxParams,
  "005-payment-ref-index": paymentRefIndex,
  "006-catalog-version": catalogVersion,
  "007-stock-adjustments": stockAdjustments,
  "008-outbox-reply-to": outboxReplyTo,
  "009-order-holds-and-claims": orderHoldsAndClaims,
  "010-refunds": refunds,
  "011-owner-role": ownerRole,
  "012-order-fulfilment": orderFulfilment,
  "013-activity": activity,
  "014-two-factor": twoFactor,
  "015-catalog-back-office": catalogBackOffice,
  "016-low-stock-digest": lowStockDigest,
  "017-holds-index": holdsIndex,
  "018-activity-append-only": activityAppendOnly,
  "019-session-two-factor": sessionTwoFactor,
  "020-back-office-indexes": backOfficeIndexes,
  "021-outbox-pruned": outboxPruned,
  "022-lighter-order-inserts": lighterOrderInserts,
  "023-shipping-and-tax": shippingAndTax,
  "024-demo-products": demoProducts,
  "025-discount-codes": discountCodes,
  "026-orders-by-id": ordersById,
  "027-one-search-index": oneSearchIndex,
  "028-redemptions-unlocked-code": redemptionsUnlockedCode,
  "029-redemptions-once-index": redemptionsOnceIndex,
  "030-shipping-state-codes": shippingStateCodes,
  "031-photo-alt-texts": photoAltTexts,
  "032-shop-settings": shopSettings,
  "033-variants": variants,
};
