// Worker thread of parallel-scan.ts: started early and idle until it is
// given the units of work, then takes them from the shared counter alongside
// the main thread: a folder is replied as its scan, a chunk of the files
// listed there is stat'ed into the shared `stats` (NaN size: not stat'ed).
import { onTask, reply } from "./pool-worker.js";
import { scanFolder, statFile } from "./scan.js";

interface ScanTask {
  folders: string;
  files: string[];
  chunk: number;
  stats: Float64Array;
  control: Int32Array;
  stampFolders: boolean;
}

onTask(({ folders, files, chunk, stats, control, stampFolders }: ScanTask) => {
  const list = JSON.parse(folders) as [string, string][];
  const units = list.length + Math.ceil(files.length / chunk);
  for (let u = Atomics.add(control, 0, 1); u < units; u = Atomics.add(control, 0, 1)) {
    if (u < list.length) {
      reply(u, JSON.stringify(scanFolder(...list[u]!, stampFolders)));
      continue;
    }
    const file = { abs: "", size: NaN, mtimeMs: NaN };
    for (let i = (u - list.length) * chunk; i < Math.min(files.length, (u - list.length + 1) * chunk); i++) {
      file.abs = files[i]!;
      const ok = statFile(file) === null;
      stats[2 * i] = ok ? file.size : NaN;
      stats[2 * i + 1] = file.mtimeMs;
    }
    reply(u, null);
  }
});
