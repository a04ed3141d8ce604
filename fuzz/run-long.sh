#!/usr/bin/env bash
# Long fuzzing on a shared machine: cycles through the targets, ONE fuzz
# process at a time (-jobs=1 -workers=1, niced), each for FUZZ_MINUTES
# (default 20) per turn, FUZZ_CYCLES times (default 0: until killed).
#
#   nohup setsid bash fuzz/run-long.sh >/dev/null 2>&1 &
#   kill -- -$(cat fuzz/logs/run-long.pid)      # stop it (its process group)
#
# Each cycle builds from a frozen copy of the sources (fuzz/snapshot.sh:
# git HEAD plus the current fuzz/ files, in fuzz/target/src), so edits in
# progress in the working tree never break a run, and a new commit is
# picked up at the next cycle. If a build fails the previous binaries keep
# running.
#
# Files (all gitignored):
#   fuzz/logs/<target>.log     libFuzzer output of every turn, appended
#   fuzz/logs/runs.tsv         one line per turn: time, target, cpu, ...
#   fuzz/logs/summary.txt      CPU time and runs per target so far, crashes
#   fuzz/logs/run-long.log     what the runner itself did
#   fuzz/corpus/<target>/      the growing corpus
#   fuzz/artifacts/<target>/   crash-*, timeout-*, oom-* inputs, and
#                              minimized-* versions of them (tmin is run
#                              automatically, bounded to 5 minutes)
set -uo pipefail

fuzz_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
minutes=${FUZZ_MINUTES:-20}
cycles=${FUZZ_CYCLES:-0}
read -r -a targets <<<"${FUZZ_TARGETS:-grammar interpreter parse arith pattern vfs_path utils}"
logs=$fuzz_dir/logs
build_dir=$fuzz_dir/target/long-build
bin_dir=$build_dir/x86_64-unknown-linux-gnu/release
build_flags=(--sanitizer none --debug-assertions)
export RUSTC_BOOTSTRAP=1

mkdir -p "$logs"
echo $$ >"$logs/run-long.pid"
say() {
    printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >>"$logs/run-long.log"
}

# Seconds of CPU used by the finished children of this shell so far.
# `times` must run in this shell itself (in a `$( )` subshell it would
# report that subshell's children: none), hence the file.
children_cpu() {
    times >"$logs/.times"
    children_cpu_s=$(tail -n 1 "$logs/.times" | awk '{
        s = 0
        for (i = 1; i <= NF; i++) { split($i, p, "m"); sub("s", "", p[2]); s += p[1] * 60 + p[2] }
        printf "%.1f", s
    }')
}

# Rewrites summary.txt from runs.tsv.
summarize() {
    {
        echo "sandbash long fuzzing, updated $(date -u +%FT%TZ)"
        echo "runner pid $$; $minutes min per turn; targets: ${targets[*]}"
        echo
        printf '%-12s %6s %10s %12s %8s %s\n' target turns cpu_s execs crashes "last cov"
        awk -F'\t' '
            NR > 0 { turns[$2]++; cpu[$2] += $3; execs[$2] += $6; crashes[$2] += $7; cov[$2] = $8; if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 } }
            END { for (i = 1; i <= n; i++) { t = order[i]; printf "%-12s %6d %10.1f %12d %8d %s\n", t, turns[t], cpu[t], execs[t], crashes[t], cov[t] } }
        ' "$logs/runs.tsv"
        echo
        echo "turns (utc_start, target, cpu_s, wall_s, revision, execs, new_artifacts, cov):"
        cat "$logs/runs.tsv"
        echo
        echo "artifacts:"
        find "$fuzz_dir/artifacts" -type f 2>/dev/null | sort | sed "s|^$fuzz_dir/||"
    } >"$logs/summary.txt.new"
    mv "$logs/summary.txt.new" "$logs/summary.txt"
}

build() {
    local src
    if ! src=$("$fuzz_dir/snapshot.sh" 2>>"$logs/run-long.log"); then
        say "snapshot failed"
        return 1
    fi
    say "building $(cat "$src/../REVISION") in $src"
    if (cd "$src" && nice -n 10 cargo fuzz build "${build_flags[@]}" --target-dir "$build_dir") \
        >>"$logs/build.log" 2>&1 </dev/null; then
        cp "$src/../REVISION" "$build_dir/REVISION"
        say "build ok"
    else
        say "build FAILED (see logs/build.log); keeping the previous binaries"
        return 1
    fi
}

touch "$logs/runs.tsv"
say "start: pid $$, ${minutes} min per target, cycles ${cycles:-0}, targets ${targets[*]}"
cycle=0
while [ "$cycles" -eq 0 ] || [ "$cycle" -lt "$cycles" ]; do
    cycle=$((cycle + 1))
    build || true
    for t in "${targets[@]}"; do
        bin=$bin_dir/$t
        if [ ! -x "$bin" ]; then
            say "$t: no binary, skipped"
            continue
        fi
        corpus=$fuzz_dir/corpus/$t
        artifacts=$fuzz_dir/artifacts/$t
        work=$fuzz_dir/target/long-work/$t
        mkdir -p "$corpus" "$artifacts" "$work"
        dirs=("$corpus")
        [ -d "$fuzz_dir/seeds/$t" ] && dirs+=("$fuzz_dir/seeds/$t")
        [ "$t" != grammar ] && [ -d "$fuzz_dir/regressions/$t" ] && dirs+=("$fuzz_dir/regressions/$t")
        args=(-max_total_time=$((minutes * 60)) -jobs=1 -workers=1 -rss_limit_mb=4096
            -timeout=10 -artifact_prefix="$artifacts/" -print_final_stats=1)
        case $t in
            parse | interpreter) args+=(-dict="$fuzz_dir/dicts/bash.dict") ;;
            awk) args+=(-dict="$fuzz_dir/dicts/awk.dict") ;;
            utils) args+=(-dict="$fuzz_dir/dicts/utils.dict") ;;
            bc) args+=(-dict="$fuzz_dir/dicts/bc.dict") ;;
        esac
        before=$(find "$artifacts" -maxdepth 1 -type f ! -name 'minimized-*' | sort)
        rev=$(cat "$build_dir/REVISION" 2>/dev/null || echo unknown)
        say "$t: turn of cycle $cycle starts (rev ${rev:0:10})"
        started=$(date -u +%FT%TZ)
        children_cpu
        cpu0=$children_cpu_s
        wall0=$SECONDS
        rm -f "$work"/fuzz-*.log
        (cd "$work" && exec nice -n 10 "$bin" "${dirs[@]}" "${args[@]}") \
            >>"$logs/run-long.log" 2>&1 </dev/null
        children_cpu
        cpu=$(awk -v a="$cpu0" -v b="$children_cpu_s" 'BEGIN { printf "%.1f", b - a }')
        {
            echo "===== $started cycle $cycle rev $rev"
            cat "$work"/fuzz-*.log 2>/dev/null
        } >>"$logs/$t.log"
        execs=$(cat "$work"/fuzz-*.log 2>/dev/null | sed -n 's/^stat::number_of_executed_units: *//p' | tail -n 1)
        cov=$(cat "$work"/fuzz-*.log 2>/dev/null | grep -o 'cov: [0-9]*' | tail -n 1 | tr -d ' ')
        after=$(find "$artifacts" -maxdepth 1 -type f ! -name 'minimized-*' | sort)
        new=$(comm -13 <(echo "$before") <(echo "$after") | sed '/^$/d')
        n_new=$(printf '%s' "$new" | grep -c . || true)
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$started" "$t" "$cpu" "$((SECONDS - wall0))" \
            "${rev:0:10}" "${execs:-0}" "$n_new" "${cov:-?}" >>"$logs/runs.tsv"
        say "$t: turn done: cpu ${cpu}s, ${execs:-?} runs, $n_new new artifacts"
        for a in $new; do
            m=$artifacts/minimized-$(basename "$a")
            say "$t: minimizing $a"
            (cd "$work" && timeout 330 nice -n 10 "$bin" -minimize_crash=1 -runs=100000 \
                -max_total_time=300 -timeout=10 -rss_limit_mb=4096 -exact_artifact_path="$m" "$a") \
                >>"$logs/$t.tmin.log" 2>&1 </dev/null
            say "$t: minimized: $(wc -c <"$m" 2>/dev/null || echo none) bytes in $m"
        done
        summarize
    done
done
say "done after $cycle cycles"
