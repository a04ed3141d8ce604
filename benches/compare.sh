#!/usr/bin/env bash
# Times the `sandbash` binary against GNU bash on the same workloads.
#
#   benches/compare.sh            # every workload, RUNS=5 runs each
#   RUNS=10 benches/compare.sh arith   # only workloads whose name contains "arith"
#
# Builds sandbash in release once, runs each workload RUNS times under
# `sandbash -c` and `bash -c`, and prints the median wall time of each with
# the ratio bash/sandbash (above 1: sandbash is faster). Both must print the
# same stdout; a workload whose outputs differ is flagged DIFF (and the exit
# status is 1). Wall time includes process start-up, as an agent host
# calling the binary would see it.
#
# Knobs: RUNS (default 5), BASH_BIN (default /usr/bin/bash), TIMEOUT
# (seconds per run, default 120), SANDBASH (a prebuilt binary: skip the
# build). GNU bash is used only here, as the reference; sandbash never runs
# it. Not part of CI: it takes minutes.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
RUNS=${RUNS:-5}
BASH_BIN=${BASH_BIN:-/usr/bin/bash}
TIMEOUT=${TIMEOUT:-120}
FILTER=${1:-}

if [[ -z ${SANDBASH:-} ]]; then
    echo "building sandbash (release)..." >&2
    cargo build --release --quiet -p sandbash-tool
    SANDBASH=${CARGO_TARGET_DIR:-$PWD/target}/release/sandbash
fi
[[ -x $SANDBASH ]] || { echo "compare.sh: no sandbash binary at $SANDBASH" >&2; exit 2; }
[[ -x $BASH_BIN ]] || { echo "compare.sh: no bash at $BASH_BIN" >&2; exit 2; }

# name|needs|script; `needs` lists the utilities sandbash must provide.
# A workload needing `data` runs in a directory holding data.csv (10 MB of
# generated CSV on a tmpfs when /dev/shm exists): bash with the directory
# as its working directory, sandbash with it mounted read-only at
# /workspace (`--overlay`), so both read the same bytes from the same file.
WORKLOADS=(
    'echo_hi||echo hi'
    'arith_for_100k||x=0; for ((i=0;i<100000;i++)); do x=$((x+i)); done; echo $x'
    'while_test_100k||i=0; n=0; while [ $i -lt 100000 ]; do if [ $((i % 3)) -eq 0 ]; then n=$((n+1)); fi; i=$((i+1)); done; echo $n'
    'string_concat_100k||s=; for ((i=0;i<100000;i++)); do s+="x$i"; done; echo ${#s}'
    'func_calls_10k||f() { local a=$1; r=$((a*2)); }; for ((i=0;i<10000;i++)); do f $i; done; echo $r'
    'param_expansion_50k||p=/usr/local/lib/libfoo.so.1; n=0; for ((i=0;i<50000;i++)); do b=${p##*/}; d=${p%/*}; u=${b^^}; n=$((n+${#b}+${#d}+${#u})); done; echo $n $u'
    'array_append_20k||a=(); for ((i=0;i<20000;i++)); do a+=($i); done; echo ${#a[@]} ${a[19999]}'
    'case_match_50k||n=0; for ((i=0;i<50000;i++)); do case "file$i.txt" in *5.txt) n=$((n+1));; *.log) ;; esac; done; echo $n'
    'cmdsubst_1k||for ((i=0;i<1000;i++)); do x=$(echo $i); done; echo $x'
    'seq_wc_1M|seq wc|seq 1 1000000 | wc -l'
    'for_seq_split_10k|seq|n=0; for i in $(seq 1 10000); do n=$((n+i)); done; echo $n'
    'grep_sort_pipeline|seq grep sort wc|seq 1 200000 | grep 7 | sort -r | wc -l'
    'yes_head_100M|yes head wc|yes | head -c 100000000 | wc -c'
    'xargs_n1_3k|seq xargs wc|seq 3000 | xargs -n1 echo | wc -l'
    'data_grep_c|data grep|grep -c lorem data.csv'
    'data_wc|data wc|wc data.csv'
    'data_sort_uniq_c|data cut sort uniq head|cut -d, -f2 data.csv | sort | uniq -c | sort -rn | head'
    'data_cut_f2|data cut tail|cut -d, -f2 data.csv | tail -n 2'
    'data_tr_upper|data tr tail|tr a-z A-Z < data.csv | tail -n 2'
    'data_sort_k3n|data sort tail|sort -t, -k3,3n data.csv | tail -n 2'
    'data_awk_count|data awk|awk -F, "\$3 > 500000 { n++ } END { print n }" data.csv'
)

# Median wall time in ms of RUNS runs of a command (python3's perf_counter
# when there is a python3, else bash's `time`); stdout of the first run goes
# to $OUT_FILE. Prints "ms" or "timeout" or "error".
if command -v python3 >/dev/null 2>&1; then
    time_ms() {
        python3 - "$RUNS" "$TIMEOUT" "$OUT_FILE" "$@" <<'PY'
import statistics, subprocess, sys, time
runs, timeout, out_file, cmd = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3], sys.argv[4:]
times = []
for i in range(runs):
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired:
        print("timeout"); sys.exit(0)
    times.append(time.perf_counter() - t0)
    if i == 0:
        with open(out_file, "wb") as f:
            f.write(p.stdout)
print(f"{statistics.median(times) * 1000:.1f}")
PY
    }
else
    time_ms() {
        local i t times=()
        "$@" </dev/null >"$OUT_FILE" 2>/dev/null || true
        for ((i = 0; i < RUNS; i++)); do
            t=$( { TIMEFORMAT=%R; time "$@" </dev/null >/dev/null 2>&1; } 2>&1 ) || true
            times+=("$t")
        done
        printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f\n", a[int((NR+1)/2)]*1000}'
    }
fi

TMP=$(mktemp -d)
DATA=$(mktemp -d -p "$([[ -d /dev/shm ]] && echo /dev/shm || echo /tmp)")
trap 'rm -rf "$TMP" "$DATA"' EXIT
# 10 MB of CSV: id, one of 500 words, a number, a sentence.
python3 - "$DATA/data.csv" <<'PY'
import random, sys
r = random.Random(42)
words = ["w%03d" % i for i in range(500)]
text = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do".split()
with open(sys.argv[1], "w") as f:
    size, i = 0, 0
    while size < 10_000_000:
        line = "%d,%s,%d,%s\n" % (i, r.choice(words), r.randrange(1_000_000),
                                  " ".join(r.choice(text) for _ in range(8)))
        f.write(line)
        size += len(line)
        i += 1
PY

has_utility() { "$SANDBASH" -c "type $1" >/dev/null 2>&1; }

printf '%-22s %10s %12s %8s  %s\n' workload "bash ms" "sandbash ms" ratio note
printf '%-22s %10s %12s %8s  %s\n' ---------------------- ---------- ------------ -------- ----
failed=0
for w in "${WORKLOADS[@]}"; do
    name=${w%%|*}
    rest=${w#*|}
    needs=${rest%%|*}
    script=${rest#*|}
    [[ -z $FILTER || $name == *"$FILTER"* ]] || continue
    missing=()
    for u in $needs; do
        [[ $u == data ]] && continue
        has_utility "$u" || missing+=("$u")
    done
    if ((${#missing[@]})); then
        printf '%-22s %10s %12s %8s  %s\n' "$name" - - - "skipped: sandbash lacks ${missing[*]}"
        continue
    fi
    dir=$TMP mount=()
    if [[ " $needs " == *" data "* ]]; then
        dir=$DATA mount=(--overlay "$DATA")
    fi
    OUT_FILE=$TMP/bash.out
    b=$(cd "$dir" && time_ms env -i PATH=/usr/bin:/bin LC_ALL=C "$BASH_BIN" --norc --noprofile -c "$script")
    OUT_FILE=$TMP/sandbash.out
    s=$(time_ms "$SANDBASH" "${mount[@]}" -c "$script")
    note=
    if [[ $b == timeout || $s == timeout ]]; then
        note="timeout (${TIMEOUT}s)"
        ratio=-
    else
        ratio=$(awk -v b="$b" -v s="$s" 'BEGIN { if (s > 0) printf "%.2f", b / s; else print "-" }')
    fi
    if ! cmp -s "$TMP/bash.out" "$TMP/sandbash.out"; then
        note="${note:+$note; }DIFF: stdout differs (bash: $(head -c 60 "$TMP/bash.out" | tr '\n' ' '), sandbash: $(head -c 60 "$TMP/sandbash.out" | tr '\n' ' '))"
        failed=1
    fi
    printf '%-22s %10s %12s %8s  %s\n' "$name" "$b" "$s" "$ratio" "$note"
done
echo "(median of $RUNS runs; ratio = bash/sandbash, above 1 means sandbash is faster)"
exit "$failed"
