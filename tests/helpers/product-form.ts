import { signedInOwner } from "./owner";
import { openShop } from "./shop-api";

/** What the back office's product suites share (tests/integration/admin-product-form.test.ts, admin-products.test.ts). */

/** The shop both start from: Fig Leaf (1001) in Wax and Sea Glass (3001) in Jelly, with its owner signed in. */
export async function openProductsShop() {
  const shop = await openShop({
    Wax: [{ id: 1001, name: "Fig Leaf", price: 24, stock: 6 }],
    Jelly: [{ id: 3001, name: "Sea Glass", price: 18, stock: 2 }],
  });
  return { shop, owner: await signedInOwner(shop) };
}

/** The product form as a browser sends it: every field, and the chosen files under "photos". */
export function productForm(
  fields: Record<string, string>,
  photos: { name: string; type: string; bytes: Buffer }[] = [],
) {
  const form = new FormData();
  const all = {
    intent: "save",
    name: "Smoked Cedar",
    price: "12.34",
    scent: "Cedar & smoke",
    description: "Poured in small batches.",
    category: "wax",
    lowStockAt: "4",
    visible: "on",
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) if (value !== "") form.append(name, value);
  for (const photo of photos)
    form.append("photos", new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  if (photos.length === 0) form.append("photos", new Blob([], { type: "application/octet-stream" }), "");
  return form;
}
