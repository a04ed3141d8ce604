# Invalid UTF-8 made at run time (printf, files, eval, source): bytes are
# bytes, as in bash.
# expect-stop: none
# expect-stdout: 1
# expect-stdout: 6
# expect-stdout: 6
# expect-stdout: same
x=$(printf '\xff')
printf %s "$x" | wc -c
printf 'echo \xff\xfe ok\n' > /tmp/s.sh
source /tmp/s.sh | wc -c
eval "$(printf 'echo \xff\xfe ok')" | wc -c
[[ $x == $'\xff' ]] && echo same || echo different
