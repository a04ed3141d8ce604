echo "${#BASH_VERSINFO[@]}"
[[ ${BASH_VERSINFO[0]} =~ ^[0-9]+$ ]] && echo major numeric
