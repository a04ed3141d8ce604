# The same many-star pattern in `case`, for 2000-character subjects in a loop.
# expect-stop: none
# expect-stdout: none matched
# expect-max-seconds: 2
s=$(printf '%02000d' 0)
s=${s//0/a}
m=0
for i in 1 2 3 4 5; do
  case $s in *a*a*a*a*a*a*a*a*b) m=1 ;; esac
done
((m)) && echo matched || echo none matched
