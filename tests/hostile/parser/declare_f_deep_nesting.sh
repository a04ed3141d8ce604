# A function nested 90 `if`s deep printed by `declare -f`: the printer
# walks the parsed tree, whose depth the parser already bounded, so it
# prints every level without exhausting the stack.
# profile: normal
# expect-stop: none
# expect-stdout-contains: fi
# expect-stdout-bytes: 10K..
eval "f() { $(printf 'if true; then %.0s' {1..90}) echo deep; $(printf 'fi; %.0s' {1..90}) }"
declare -f f
