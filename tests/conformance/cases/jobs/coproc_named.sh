coproc UPPER { tr a-z A-Z; }
echo shout >&"${UPPER[1]}"
exec {UPPER[1]}>&-
read -r got <&"${UPPER[0]}"
echo "$got"
wait
