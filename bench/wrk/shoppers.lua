-- A launch's checkouts come from many shoppers, not one: each checkout gets an address of its own
-- (10.{thread}.x.y, as bench/load.ts's shopperAddress), sent as X-Forwarded-For, which the shop
-- takes from a proxy on its own machine (TRUST_PROXY's default). Per-address limits and holds
-- then work as they do for real shoppers.
shopper_address = function(thread, n)
  return string.format("10.%d.%d.%d", thread % 256, math.floor(n / 256) % 256, n % 256)
end
