a() { b; }
b() { echo "${FUNCNAME[-1]} ${FUNCNAME[-2]} ${#FUNCNAME[@]} ${BASH_LINENO[-1]}"; }
a
