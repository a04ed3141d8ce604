# `set` lists the functions after the variables, by name, as `declare -f`
# prints them; in posix mode it lists variables only.
zed() { echo "z $(  echo   a )"; }
abc() {
    for i in 1 2; do echo "$i"; done
}
set | sed -n '/^[a-z]* () $/,$p'
set -o posix
echo "posix: $(set | grep -c '^[a-z]* () $')"
