-- A shopper's mix: pages, a cart refresh through /api/products, then a checkout, in turn.
-- args: run id, file of body templates, count bound per thread, file of GET paths (one per line).
local templates = {}
local paths = {}
local key_prefix
local thread_id
local sent = 0

init = function(args)
  thread_id = wrk.thread:get("thread_id")
  key_prefix = args[1] .. "-t" .. thread_id .. "-"
  for line in io.lines(args[2]) do templates[#templates + 1] = line end
  max_responses = tonumber(args[3])
  for line in io.lines(args[4]) do paths[#paths + 1] = line end
end

request = function()
  sent = sent + 1
  local step = sent % (#paths + 1)
  if step < #paths then
    -- No headers of its own: wrk's, with the Accept-Encoding given on the command line.
    return wrk.format("GET", paths[step + 1])
  end
  local body = '{"idempotencyKey":"' .. key_prefix .. sent .. '",' .. templates[sent % #templates + 1] .. '}'
  return wrk.format("POST", "/api/checkout", {
    ["Content-Type"] = "application/json",
    ["Origin"] = "http://" .. wrk.headers["Host"],
    ["X-Forwarded-For"] = shopper_address(thread_id, sent),
  }, body)
end
