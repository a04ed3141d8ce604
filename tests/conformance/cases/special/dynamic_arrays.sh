# FUNCNAME and friends work as arrays everywhere: keys, counts, copies,
# negative indices, and BASH_ALIASES holds the aliases.
f() {
    local -a copy=("${FUNCNAME[@]}")
    echo "${#copy[@]} ${!FUNCNAME[@]} ${#FUNCNAME[@]} ${FUNCNAME[-1]} ${FUNCNAME[@]: -2:1}"
    echo "${!BASH_LINENO[@]}"
}
g() { f; }
g
false | true | false
echo "${!PIPESTATUS[@]} ${PIPESTATUS[-1]} ${#PIPESTATUS[@]}"
alias a1=x a2='y z'
declare -p BASH_ALIASES
echo "${BASH_ALIASES[a2]} ${!BASH_ALIASES[*]}"
echo "${#DIRSTACK[@]} ${#GROUPS[@]}"
