# `( (cmd) )` is two nested subshells, not an arithmetic command: only
# `((` written together starts arithmetic.
# expect-stop: none
# expect-stdout: a
# expect-stdout: b
# expect-stdout: 2
( (echo a) )
( ( (echo b) ) )
( ( (echo $((1 + 1))) ) )
