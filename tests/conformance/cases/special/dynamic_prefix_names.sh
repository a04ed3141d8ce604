# ${!prefix*} lists dynamic variables that have a value.
echo "${!LINE*} ${!SECOND*} ${!RAND*} ${!SRAND*}"
echo "[${!FUNC*}]"
f() { echo "in f: ${!FUNC*}"; }
f
echo "${!BASH_A*}"
echo "${!EPOCH@}"
alias ll='ls -l'
for n in "${!BASH_AL@}"; do echo "name $n"; done
