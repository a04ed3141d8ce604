# ${v@a} and ${v@A} see the dynamic variables' kind and attributes.
f() {
    echo "${FUNCNAME@a} ${RANDOM@a} ${BASH_ALIASES@a} ${LINENO@a} ${GROUPS@a} ${SECONDS@a} ${BASH_SOURCE@a}"
    echo "${FUNCNAME[@]@A}"
}
g() { f; }
g
true | false
echo "${PIPESTATUS@a} ${PIPESTATUS[@]@A}"
