#!/usr/bin/env bash
# The CI fuzz smoke: builds every cargo-fuzz target and runs each one for a
# fixed number of inputs (about 20 s each here) from a fixed seed, starting
# from the committed seeds and regressions in a fresh corpus. Fails if a
# target crashes, hangs or runs out of memory, printing the input.
#
# A count of runs rather than a time makes the smoke the same on every
# machine and every run: a finding it reports is reproducible, and a clean
# tree stays green (with a time limit, a faster or idler machine got
# further and found what a slower one did not). FUZZ_SMOKE_SCALE (percent,
# default 100) scales the counts; FUZZ_SMOKE_SECS (default 120) caps each
# target's time on a very slow machine.
#
#   bash fuzz/smoke.sh            # all targets
#   bash fuzz/smoke.sh arith      # some targets
#
# Needs cargo-fuzz (`cargo install cargo-fuzz --locked --version 0.13.2`);
# works on a stable toolchain through RUSTC_BOOTSTRAP=1. Builds in the
# current tree, into fuzz/target (gitignored).
set -euo pipefail

fuzz_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$fuzz_dir"
secs=${FUZZ_SMOKE_SECS:-120}
scale=${FUZZ_SMOKE_SCALE:-100}

# Inputs per target: about 20 s each on the 2-core CI machine.
runs_for() {
    local n
    case $1 in
        arith) n=200000 ;;
        awk) n=12000 ;;
        bc) n=8000 ;;
        decoders) n=1500 ;;
        find) n=7000 ;;
        grammar) n=25000 ;;
        grammar_diff) n=1700 ;;
        interpreter) n=4800 ;;
        jq) n=2000 ;;
        lexer) n=30000 ;;
        parse) n=20000 ;;
        pattern) n=7700 ;;
        sed) n=6000 ;;
        utils) n=34000 ;;
        vfs_path) n=28000 ;;
        word) n=15000 ;;
        *) n=10000 ;;
    esac
    echo $((n * scale / 100))
}
export RUSTC_BOOTSTRAP=1
# Must match run-long.sh: no sanitizer (safe Rust; faster), debug
# assertions and overflow checks on.
build_flags=(--sanitizer none --debug-assertions)

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list)
fi

start=$SECONDS
cargo fuzz build "${build_flags[@]}" </dev/null
echo "fuzz smoke: build took $((SECONDS - start))s"

failed=()
for t in "${targets[@]}"; do
    corpus=$fuzz_dir/target/smoke-corpus/$t
    artifacts=$fuzz_dir/target/smoke-artifacts/$t
    log=$fuzz_dir/target/smoke-$t.log
    rm -rf "$corpus" "$artifacts"
    mkdir -p "$corpus" "$artifacts"
    dirs=("$corpus")
    [ -d "seeds/$t" ] && dirs+=("seeds/$t")
    # grammar regressions are scripts, not generator input.
    [ "$t" != grammar ] && [ -d "regressions/$t" ] && dirs+=("regressions/$t")
    args=(-runs="$(runs_for "$t")" -max_total_time="$secs" -seed=1 -rss_limit_mb=4096 -timeout=10
        -artifact_prefix="$artifacts/" -print_final_stats=1)
    case $t in
        parse | interpreter) args+=(-dict="$fuzz_dir/dicts/bash.dict") ;;
        awk) args+=(-dict="$fuzz_dir/dicts/awk.dict") ;;
        utils) args+=(-dict="$fuzz_dir/dicts/utils.dict") ;;
        bc) args+=(-dict="$fuzz_dir/dicts/bc.dict") ;;
    esac
    t0=$SECONDS
    if cargo fuzz run "${build_flags[@]}" "$t" "${dirs[@]}" -- "${args[@]}" </dev/null >"$log" 2>&1; then
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
        echo "fuzz smoke: $t ok in $((SECONDS - t0))s: ${execs:-?} runs, ${cov:-cov: ?}"
    else
        echo "fuzz smoke: $t FAILED after $((SECONDS - t0))s; end of its log:"
        tail -n 60 "$log"
        for a in "$artifacts"/*; do
            [ -f "$a" ] || continue
            echo "--- input $a (base64):"
            base64 "$a" | head -c 4000
            echo
        done
        failed+=("$t")
    fi
done

echo "fuzz smoke: $((SECONDS - start))s in total"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz smoke: failed targets: ${failed[*]}"
    exit 1
fi
