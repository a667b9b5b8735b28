// Worker thread of `cortex index` on a terminal (see index-run.ts): the index
// run happens here, so that the CLI's own thread stays free to hear Ctrl-C.
import { openVault } from "../../lib/app/vault.js";
import { finish, onTask, reply } from "../../lib/store/pool-worker.js";
import { INTERRUPTED, READING, WRITING, type IndexMessage, type IndexTask } from "./interrupt-state.js";

onTask(({ open, full, state }: IndexTask, id) => {
  const send = (message: IndexMessage) => reply(id, message);
  try {
    const result = openVault(open).index({
      full,
      onProgress(done, total) {
        // Every note read: the writes begin, unless Ctrl-C came first (then this thread waits to be ended).
        if (done >= total && Atomics.compareExchange(state, 0, READING, WRITING) === INTERRUPTED) Atomics.wait(state, 0, INTERRUPTED);
        send({ progress: [done, total] });
      },
      onNotice: (notice) => send({ notice }),
    });
    const { atoms, diagnostics, reread, reused, removed, written } = result;
    send({ result: { atoms, diagnostics, reread, reused, removed, written } });
  } catch (error) {
    send({ error: { code: (error as { code?: string }).code, message: (error as Error).message } });
  }
  finish();
});
