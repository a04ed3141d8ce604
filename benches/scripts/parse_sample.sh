#!/usr/bin/env bash
# Summarise a project tree: count files by extension, find TODOs, and
# write a report. Parsed (not run) by the `parse` benchmark.
set -euo pipefail

ROOT=${1:-/workspace}
REPORT=${REPORT:-/tmp/report.md}
VERBOSE=0
declare -A by_ext=()
declare -a todos=()

usage() {
    cat <<USAGE
Usage: ${0##*/} [-v] [-o FILE] [ROOT]
  -v        verbose
  -o FILE   where to write the report (default: $REPORT)
USAGE
}

log() {
    (( VERBOSE )) || return 0
    echo "[$(date +%H:%M:%S)] $*" >&2
}

die() {
    echo "error: $*" >&2
    exit 1
}

while getopts ":vo:h" opt; do
    case $opt in
        v) VERBOSE=1 ;;
        o) REPORT=$OPTARG ;;
        h) usage; exit 0 ;;
        :) die "-$OPTARG needs an argument" ;;
        \?) die "unknown option -$OPTARG" ;;
    esac
done
shift $((OPTIND - 1))
[[ -d $ROOT ]] || die "$ROOT is not a directory"

ext_of() {
    local name=${1##*/}
    if [[ $name == *.* && $name != .* ]]; then
        echo "${name##*.}"
    else
        echo "(none)"
    fi
}

scan() {
    local dir=$1 f ext
    for f in "$dir"/* "$dir"/.[!.]*; do
        [[ -e $f ]] || continue
        if [[ -d $f ]]; then
            scan "$f"
        elif [[ -f $f ]]; then
            ext=$(ext_of "$f")
            by_ext[$ext]=$(( ${by_ext[$ext]:-0} + 1 ))
            while IFS= read -r line; do
                todos+=("${f#"$ROOT"/}: ${line#*TODO}")
            done <<< "$(grep -n 'TODO' "$f" 2>/dev/null || true)"
        fi
    done
}

log "scanning $ROOT"
scan "$ROOT"
total=0
for ext in "${!by_ext[@]}"; do
    total=$(( total + by_ext[$ext] ))
done
log "found $total files"

{
    echo "# Report for $ROOT"
    echo
    echo "| extension | files | share |"
    echo "| --- | ---: | ---: |"
    for ext in $(printf '%s\n' "${!by_ext[@]}" | sort); do
        n=${by_ext[$ext]}
        pct=$(( total ? n * 100 / total : 0 ))
        printf '| %s | %d | %d%% |\n' "$ext" "$n" "$pct"
    done
    echo
    if (( ${#todos[@]} > 0 )); then
        echo "## TODOs (${#todos[@]})"
        printf -- '- %s\n' "${todos[@]}" | head -n 50
    else
        echo "No TODOs."
    fi
} > "$REPORT"

case ${REPORT##*.} in
    md|markdown) kind=markdown ;;
    txt) kind=text ;;
    *) kind=unknown ;;
esac

if [[ $kind == unknown ]] && ! grep -q '^# Report' "$REPORT"; then
    die "report $REPORT looks wrong"
fi
lines=$(wc -l < "$REPORT")
echo "wrote $REPORT ($kind, $lines lines, $total files, ${#todos[@]} TODOs)"
