//! Benchmarks of sandbash (see benches/ and compare.sh).
