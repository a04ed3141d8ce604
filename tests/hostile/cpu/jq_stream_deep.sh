# `jq --stream` over JSON nested 9,999 deep (just under the parser's
# depth limit): the events come one at a time from an explicit stack
# (no recursion), each holding its own path of up to 9,999 keys, so the
# work is quadratic in the depth as in jq; the filter drops every event,
# so nothing bounds it but that work, which stays well within the clock.
# expect-stop: none
# expect-stdout: status 0
# generate: "jq -c --stream 'select(false)' <<'EOF'\n" "["*9999 "]"*9999 "\nEOF\n" "echo \"status $?\"\n"
