// Preloaded into a server under test with NODE_OPTIONS=--require: injects faults no real disk
// produces on demand. Test-only; the server has no switch for this.
const fs = require('node:fs');

// While the file named by FAIL_FSYNC_WHEN exists, every fdatasync fails with EIO.
const failWhen = process.env.FAIL_FSYNC_WHEN;
if (failWhen) {
  const fdatasync = fs.fdatasync;
  fs.fdatasync = (fd, callback) => {
    if (!fs.existsSync(failWhen)) return fdatasync(fd, callback);
    const error = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO', errno: -5, syscall: 'fdatasync' });
    process.nextTick(callback, error);
  };
}

// A promise rejected with nobody listening, some time after start-up.
if (process.env.STRAY_REJECTION_AFTER_MS) {
  setTimeout(() => void Promise.reject(new Error('stray rejection from the fault injector')), Number(process.env.STRAY_REJECTION_AFTER_MS));
}
