# A one-megabyte option cluster (`declare -xxxx...`): bash's parser takes
# the letters one at a time; the shared builtin option parser keeps one
# entry per distinct flag, not one per byte (which would be ~40 MB of
# entries for a 1 MB word, past the strict 10 MiB budget, uncharged).
# expect-stop: none
# expect-stdout: 1048576
# expect-stdout: declare -x v="1"
# expect-stdout: 0
c=x
for i in {1..20}; do c=$c$c; done
echo ${#c}
declare -$c v=1
declare -p v
d=${c:0:200000}
unset c
cd -${d//x/LP} . && echo $?
