export A1=x B1=y
printenv -0 A1 B1 | sed 's/\x0/<NUL>/g'; echo
