# A `( )` subshell, `$( )` or pipeline stage does not inherit the ERR or
# RETURN trap (without `set -E`/`-T`), but `trap -p` there shows the
# parent's; an ERR trap it sets itself fires in it.
trap 'echo "parent ERR"' ERR
trap 'echo "parent RETURN"' RETURN
(trap -p)
echo "$(trap -p)"
(false; echo "sub went on")
(trap 'echo "sub ERR"' ERR; false; echo x)
x=$(trap 'echo "cmdsub ERR"' ERR; false)
echo "[$x]"
{ trap 'echo "stage ERR"' ERR; false; } | cat
true | false
trap - ERR RETURN
