export MY_EXP=val
export -p | grep MY_EXP
