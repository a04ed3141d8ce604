# [[ -v ]] sees the dynamic variables as set, FUNCNAME only in a function.
for v in RANDOM SRANDOM LINENO SECONDS EPOCHSECONDS PIPESTATUS FUNCNAME BASHPID DIRSTACK BASH_SUBSHELL BASH_ARGV BASH_ALIASES; do
    [[ -v $v ]] && echo "$v set" || echo "$v unset"
done
f() {
    [[ -v FUNCNAME ]] && echo "in f: FUNCNAME set"
    [[ -v FUNCNAME[1] ]] && echo "in f: FUNCNAME[1] set"
    [[ -v FUNCNAME[5] ]] || echo "in f: FUNCNAME[5] unset"
    test -v PIPESTATUS && echo "test -v PIPESTATUS"
}
f
echo "${FUNCNAME-none} ${LINENO:+has line}"
