-- POST /api/checkout with a fresh idempotency key each time, each from a shopper of its own (unless
-- one-address.lua came before), with the Origin header a browser sends with it.
-- args: run id, file of body templates (one JSON fragment per line), count bound per thread.
local templates = {}
local key_prefix
local thread_id
local sent = 0

init = function(args)
  thread_id = wrk.thread:get("thread_id")
  key_prefix = args[1] .. "-t" .. thread_id .. "-"
  for line in io.lines(args[2]) do templates[#templates + 1] = line end
  max_responses = tonumber(args[3])
end

request = function()
  sent = sent + 1
  local body = '{"idempotencyKey":"' .. key_prefix .. sent .. '",' .. templates[sent % #templates + 1] .. '}'
  return wrk.format("POST", "/api/checkout", {
    ["Content-Type"] = "application/json",
    ["Origin"] = "http://" .. wrk.headers["Host"],
    ["X-Forwarded-For"] = shopper_address(thread_id, sent),
  }, body)
end
