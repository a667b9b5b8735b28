// Worker thread of parallel-scan.ts: started early and idle until it is
// given folders, then takes them from the shared counter alongside the main
// thread, posting each one's scan and raising its flag.
import { parentPort, type MessagePort } from "node:worker_threads";
import { scanFolder } from "./scan.js";

parentPort!.once("message", ({ folders, control, port }: { folders: string; control: Int32Array; port: MessagePort }) => {
  const list = JSON.parse(folders) as [string, string][];
  for (let f = Atomics.add(control, 0, 1); f < list.length; f = Atomics.add(control, 0, 1)) {
    port.postMessage({ folder: f, text: JSON.stringify(scanFolder(...list[f]!)) });
    Atomics.store(control, 1 + f, 1);
    Atomics.notify(control, 1 + f);
  }
  port.close();
  parentPort!.close();
});
