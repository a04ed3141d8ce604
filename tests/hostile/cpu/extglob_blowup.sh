# Nested extglob quantifiers: `+(+(a)|a)` can match a run of `a`s in
# exponentially many ways.
# expect-stop: none
# expect-stdout: no
# expect-max-seconds: 2
shopt -s extglob
s=$(printf '%0100d' 0)
s=${s//0/a}
[[ $s == +(+(a)|a|aa)b ]] && echo yes || echo no
