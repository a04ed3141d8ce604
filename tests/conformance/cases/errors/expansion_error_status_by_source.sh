# check-stderr
# A fatal expansion error leaves a -c string with 127, but a script file
# (or standard input) with 1; a subshell of either gives 1.
printf '%s\n' 'set -u' 'echo "$missing"' 'echo not reached' > unbound.sh
bash unbound.sh
echo "file: $?"
bash < unbound.sh
echo "stdin: $?"
bash -c 'set -u; echo "$missing"; echo not reached'
echo "string: $?"
printf '%s\n' 'echo "${gone?is gone}"' 'echo not reached' > question.sh
bash question.sh
echo "file ?: $?"
printf '%s\n' 'f() { echo "${gone:?empty}"; echo in f; }' 'f' 'echo not reached' > func.sh
bash func.sh
echo "file function: $?"
printf '%s\n' '(set -u; echo "$missing")' 'echo "sub: $?"' > sub.sh
bash sub.sh
echo "file subshell: $?"
printf '%s\n' 'eval "echo \${gone?x}"' 'echo not reached' > ev.sh
bash ev.sh
echo "file eval: $?"
