mkdir a b; H=$PWD; pushd a >/dev/null; pushd ../b >/dev/null; echo ${#DIRSTACK[@]}; for d in "${DIRSTACK[@]}"; do echo "${d#$H}"; done; echo "${DIRSTACK[1]#$H}"
