# The operand of an unquoted ${v:-word} / ${v:+word} is split at IFS as
# the expansion's result is; quoted parts stay whole; inside double
# quotes "${u:-"$@"}" gives one word per element.
argv() { printf '<%s>' "$@"; echo; }
argv ${unset:-not one}
argv ${unset:-not "one two"} end
argv ${unset:-a\ b}
argv "${unset:-a b}"
empty=()
argv ${empty[@]:-not one}
argv ${empty[*]:-a b}
argv ${empty[@]-q r}
d=("1 2" 3)
argv "${unset[@]:-${d[@]}}"
argv ${unset[@]:-${d[@]}}
argv "${unset:-${d[@]}}"
set -- "p q" r
argv ${unset:-"$@"}
argv "${unset:-"$@"}"
argv ${unset:-$@}
x=1
argv ${x:+a b} "${x:+ab}"
IFS=_
argv 1${unset:-"2_3"x_x"4_5"}6
unset IFS
argv ${unset:-*.nomatch}
for w in ${unset:-alpha beta gamma}; do echo "word: $w"; done
