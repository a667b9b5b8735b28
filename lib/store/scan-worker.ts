// Worker thread of parallel-scan.ts: started early and idle until it is
// given folders, then takes them from the shared counter alongside the main
// thread, replying with each one's scan (its id: the folder's number).
import { onTask, reply } from "./pool-worker.js";
import { scanFolder } from "./scan.js";

onTask(({ folders, control }: { folders: string; control: Int32Array }) => {
  const list = JSON.parse(folders) as [string, string][];
  for (let f = Atomics.add(control, 0, 1); f < list.length; f = Atomics.add(control, 0, 1)) reply(f, JSON.stringify(scanFolder(...list[f]!)));
});
