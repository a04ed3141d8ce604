#!/usr/bin/env bash
# A tour of sandbash: run it with
#   cargo run --release -p sandbash-tool -- examples/hello.sh
# Everything below happens inside the sandbox: the files live in an
# in-memory /workspace, and every command is sandbash's own.

set -eu
set -o pipefail

# A function with a local variable and a default argument.
greet() {
    local who=${1:-world}
    echo "Hello, ${who}! (from ${FUNCNAME[0]} in $0)"
}

# Arrays: indexed and associative.
fruits=(banana apple cherry apple date banana apple)
declare -A colour=([apple]=red [banana]=yellow [cherry]=dark-red [date]=brown)

greet
greet sandbash
echo "We have ${#fruits[@]} fruits; the first is ${fruits[0]}, the last ${fruits[-1]}."

# A here-document writes a file under /workspace; a loop appends to it.
cd /workspace
cat > basket.txt <<END
# basket written by $USER in $PWD
${fruits[*]}
END
for f in "${fruits[@]}"; do
    echo "$f ${colour[$f]}" >> basket.txt
done

# Read it back, line by line, skipping the comment.
n=0
while read -r name col; do
    [[ $name == \#* ]] && continue
    n=$((n + 1))
done < basket.txt
echo "basket.txt has $n data lines (including the summary line)."

# A pipeline: count the distinct fruits among the "name colour" lines.
distinct=$(grep -E '^[a-z]+ [a-z-]+$' basket.txt | sort -u | wc -l)
echo "Distinct fruits: $distinct"

# Which fruit comes up most? Arithmetic on an associative array.
declare -A count=()
for f in "${fruits[@]}"; do
    count[$f]=$(( ${count[$f]:-0} + 1 ))
done
best='' most=0
for f in "${!count[@]}"; do
    if (( count[$f] > most )) || { (( count[$f] == most )) && [[ $f < $best ]]; }; then
        best=$f most=${count[$f]}
    fi
done
echo "Most common: $best (x$most, ${colour[$best]})"

# String operations.
word=sandbox
echo "${word^^} has ${#word} letters; without 'box': ${word%box}; replaced: ${word/box/bash}"

# Arithmetic: the first ten triangular numbers.
triangles=()
for ((i = 1, t = 0; i <= 10; i++)); do
    t=$((t + i))
    triangles+=("$t")
done
echo "Triangular numbers: ${triangles[*]}"

# The files the script made, as ls sees them.
ls /workspace
