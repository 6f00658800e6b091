// `npm run bench`: no benchmark is written yet; they arrive with the bench issue (see README.md).
console.error('No benchmarks yet: they arrive with the bench issue. See bench/README.md.');
process.exitCode = 1;
