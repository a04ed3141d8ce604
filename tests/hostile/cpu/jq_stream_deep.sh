# `jq --stream` over JSON nested 3,000 deep: the events come one at a
# time from an explicit stack (no recursion, whatever the depth), each
# holding its own path, so the work is quadratic in the depth as in jq
# (at the parser's limit of 10,000 levels, about 50 million path cells
# in all, a second of CPU); the filter drops every event, so nothing
# bounds the run but that work, which ends well within the clock.
# expect-stop: none
# expect-stdout: status 0
# generate: "jq -c --stream 'select(false)' <<'EOF'\n" "["*3000 "]"*3000 "\nEOF\n" "echo \"status $?\"\n"
