# A sed script of 100 000 nested `{`: sed's parser keeps blocks in a
# list, not on the stack, and refuses nesting deeper than the run's
# parser depth bound.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: too many nested `{'
# expect-max-seconds: 2
b=$(printf '%100000s' '')
echo x | sed "${b// /\{}p"
