# Command substitutions holding here-documents, nested 150 deep, each body
# 300 bytes with a `)` and a `case` in it, built and then run by `eval`.
# The reader finds each `$( )` read whole (a here-document's body may
# hold any parenthesis) with one lexing per level; the text is 50 KB.
# It must parse and run in well under the wall clock, printing the
# innermost command's output. (Under the strict profile's 10 MiB the
# memory limit stops it: each level keeps its body's text.)
# profile: normal
# expect-stop: none
# expect-status: 0
# expect-stdout: 48993
# expect-stdout: deep
# expect-max-seconds: 3
pad=$(printf '%*s' 300 '' | tr ' ' x)
s="echo deep"
for i in $(seq 150); do s="\$(cat <<E$i
$pad ) case
$s
E$i
)"; done
echo "${#s}"
eval "x=$s"
echo "${x: -4}"
