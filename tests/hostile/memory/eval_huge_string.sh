# An 11 MB assignment built by eval.
# expect-stop: memory
s=$(printf 'x%.0s' {1..300000})
eval "a=$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s$s"
echo "not reached: ${#a}"
