# `*(a|aa|aaa)` followed by a character that is never there.
# expect-stop: none
# expect-stdout: 0
# expect-max-seconds: 2
shopt -s extglob
s=$(printf '%0200d' 0)
s=${s//0/a}
n=0
case $s in *(a|aa|aaa)c) n=1 ;; esac
echo "$n"
