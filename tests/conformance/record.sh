#!/usr/bin/env bash
# Records the expected results of conformance cases by running them with
# GNU bash, the reference implementation.
#
# Usage:
#   tests/conformance/record.sh              # every case
#   tests/conformance/record.sh CASE...      # only these cases
#
# A CASE is a path to a case script (tests/conformance/cases/quoting/x.sh)
# or a name relative to the cases directory, with or without ".sh"
# (quoting/x, quoting/x.sh). A directory records every case below it.
#
# Each case runs the way the harness runs it in sandbash: the script text is
# the `-c` string, $0 is `sandbash`, the environment is minimal, the working
# directory is a fresh empty directory and stdin is /dev/null. The results
# are written next to the script: NAME.out (stdout), NAME.status (exit
# status) and, only when the first line is `# check-stderr`, NAME.err.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cases_dir=$here/cases
bash_bin=${BASH_BIN:-bash}
case_timeout=${RECORD_TIMEOUT:-20}

resolve() {
    local arg=$1
    if [[ -d $arg ]]; then
        find "$arg" -name '*.sh' -type f
    elif [[ -d $cases_dir/$arg ]]; then
        find "$cases_dir/$arg" -name '*.sh' -type f
    elif [[ -f $arg ]]; then
        printf '%s\n' "$arg"
    elif [[ -f $cases_dir/$arg ]]; then
        printf '%s\n' "$cases_dir/$arg"
    elif [[ -f $cases_dir/$arg.sh ]]; then
        printf '%s\n' "$cases_dir/$arg.sh"
    else
        echo "record.sh: no such case: $arg" >&2
        return 1
    fi
}

cases=()
if (($# == 0)); then
    mapfile -t cases < <(find "$cases_dir" -name '*.sh' -type f | LC_ALL=C sort)
else
    for arg in "$@"; do
        found=$(resolve "$arg") || exit 1
        mapfile -t -O "${#cases[@]}" cases <<<"$found"
    done
fi

recorded=0
for case_file in "${cases[@]}"; do
    [[ $case_file == /* ]] || case_file=$PWD/$case_file
    base=${case_file%.sh}
    # Read the script byte for byte (command substitution would strip
    # trailing newlines; the harness passes the file unchanged).
    script=$(cat "$case_file"; printf x)
    script=${script%x}

    work=$(mktemp -d)
    (
        cd "$work" &&
            exec timeout "$case_timeout" env -i HOME=/home/agent PATH=/usr/bin:/bin \
                LC_ALL=C TERM=dumb "$bash_bin" --norc --noprofile -c "$script" sandbash \
                </dev/null >"$base.out" 2>"$base.err.tmp"
    )
    status=$?
    rm -rf "$work"
    if ((status == 124)); then
        echo "record.sh: warning: ${case_file#"$cases_dir"/} timed out" >&2
    fi
    printf '%s\n' "$status" >"$base.status"

    first_line=${script%%$'\n'*}
    if [[ $first_line == '# check-stderr' ]]; then
        mv "$base.err.tmp" "$base.err"
    else
        rm -f "$base.err.tmp" "$base.err"
    fi
    recorded=$((recorded + 1))
done
echo "record.sh: recorded $recorded case(s)" >&2
