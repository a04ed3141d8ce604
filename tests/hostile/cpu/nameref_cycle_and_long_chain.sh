# Name references that lead nowhere: a cycle of two and a chain of 300
# references. Every reader and writer follows at most 8 references
# (bash's NAMEREF_MAX) and stops where the chain comes back to its start,
# so reads give nothing and writes fail at once (a failed assignment ends
# its line: the `echo $?` after it never runs), without looping.
# profile: normal
# expect-stop: none
# expect-status: 0
# expect-stdout: [] <>
# expect-stdout: [] <>
# expect-stdout: done
# expect-stderr-contains: warning: a: circular name reference
declare -n a=b b=a
echo "[$a]" "<$( a=5; echo $? )>"
i=0
while (( i < 300 )); do declare -n "r$i=r$((i + 1))"; (( i++ )); done
r300=end
echo "[$r0]" "<$( r0=x; echo $? )>"
(( a++ )) 2>/dev/null
echo done
