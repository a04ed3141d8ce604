# This session redefines IFS, builtins-as-functions, options and traps;
# the other session sees none of it.
# peer: echo ready > /dev/null
# peer-after: echo "${#IFS}"; echo plain; cd /tmp; pwd; false; case $- in *e*) echo errexit ;; *) echo no-errexit ;; esac
# peer-after-stdout: 3
# peer-after-stdout: plain
# peer-after-stdout: /tmp
# peer-after-stdout: no-errexit
# after: unset -f echo cd; trap - EXIT; set +e; IFS=$' \t\n'
# expect-stop: none
IFS=x
echo() { builtin printf 'hijacked\n'; }
cd() { echo hijacked; }
set -e
trap 'printf hijacked' EXIT
true
