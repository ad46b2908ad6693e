/**
 * Required (`--require`, main.ts) into every cluster worker, before anything else runs in it. A worker started
 * while the primary dies finds the IPC channel closed: Node's own first message to the primary ("online",
 * sent while Node starts up, before any module of ours is loaded) fails with EPIPE, raised as an 'error' that
 * nothing listens to, and the worker died with a stack trace. Only a file required this early can listen.
 *
 * A worker whose primary is gone can take no new connections (the primary holds the port): it says so in one
 * line and exits 0, as Node already does, silently, for a worker whose primary disconnects later.
 */
const cluster = require('node:cluster');

if (cluster.isWorker && cluster.worker) {
  const worker = cluster.worker;
  const orphaned = (reason) => {
    console.error(`worker ${process.pid}: the primary process is gone (${reason}); exiting`);
    process.exit(0);
  };
  worker.on('error', (error) => {
    if (error && (error.code === 'EPIPE' || error.code === 'ERR_IPC_CHANNEL_CLOSED')) orphaned(error.code);
    else throw error;
  });
  // Node exits on this too (after the listeners): a disconnect nobody asked for means the primary went.
  worker.on('disconnect', () => {
    if (!worker.exitedAfterDisconnect) orphaned('disconnected');
  });
}
