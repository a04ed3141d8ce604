# `${s//pattern/}` tries the pattern at every position: a many-star
# pattern over a long subject is O(n^2) tries at least.
# expect-stop: none
# expect-stdout: 3000
# expect-max-seconds: 2
s=$(printf '%03000d' 0)
s=${s//0/a}
t=${s//*a*a*a*b/x}
echo "${#t}"
