f() { echo ${FUNCNAME[0]}; g; }
g() { echo ${FUNCNAME[0]} ${FUNCNAME[1]}; }
f
