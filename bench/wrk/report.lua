-- Prints one line of JSON after the run: what bench/load.ts reads back.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_RESULT {"requests":%d,"bytes":%d,"durationUs":%d,"p50Us":%d,"p95Us":%d,"p99Us":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}}\n',
    summary.requests, summary.bytes, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99),
    e.connect, e.read, e.write, e.status, e.timeout))
end
