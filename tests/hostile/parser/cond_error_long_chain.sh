# A `[[ ]]` of 40,000 `||`/`&&` terms ending in a bad one, and one of
# 20,000 nested `( !`: bash's conditional parser is right-recursive; the
# diagnosis of the error (`syntax/cond_error.rs`) loops over chains and
# bounds nesting, so it words the error at once, without a deep stack.
# profile: normal
# expect-stop: none
# expect-status: 2
# expect-stdout: before
# expect-stderr-contains: conditional binary operator expected
# expect-max-seconds: 5
echo before
chain=$(printf 'a || b && %.0s' $(seq 20000))
deep=$(printf '( ! %.0s' $(seq 20000))
false
eval "[[ ${deep}a ]]" || :
eval "[[ ${chain}a b ]]"
