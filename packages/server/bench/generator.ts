// One load generator process of bench/scale.ts: autocannon running the mix (bench/mix.ts) on its
// share of the connections and users. It answers each run with autocannon's result before
// aggregation (skipAggregateResult), whose latencies are an encoded HDR histogram: the parent
// adds the histograms of every generator (autocannon.aggregateResult), so p50 and p99 are those
// of all requests, not an average of each generator's percentiles.
import autocannon from "autocannon";
import { mixRequests } from "./mix.js";

export interface GeneratorRun {
  url: string;
  connections: number;
  duration: number;
  users: string[];
}

process.on("message", async (run: GeneratorRun) => {
  const result = await autocannon({
    url: run.url,
    connections: run.connections,
    duration: run.duration,
    requests: mixRequests(run.users),
    skipAggregateResult: true,
  } as autocannon.Options);
  process.send?.(result);
});
process.send?.("ready");
