-- Stops each thread after its share of the count bound, so a run is bounded in count as well as time.
-- wrk.thread:stop() ends the thread but not the clock: the bound is set far above what the run can reach.
local thread_count = 0
setup = function(thread)
  thread_count = thread_count + 1
  thread:set("thread_id", thread_count)
end

local responses = 0
local max_responses = math.huge
response = function(status, headers, body)
  responses = responses + 1
  if responses >= max_responses then wrk.thread:stop() end
end
